import { describe, expect, it } from 'vitest';

process.env.IMPORT_RSS_SOFT_LIMIT_MB = '1'; // always over the limit
const { keepMemoryInCheck } = await import('./memory-guard');

describe('keepMemoryInCheck', () => {
  it('collects the garbage of a process over its soft limit, at most once a second', () => {
    let garbage: object[] | null = Array.from({ length: 400_000 }, (_, i) => ({ i, s: `row ${i}` }));
    expect(garbage.length).toBe(400_000);
    garbage = null;
    const before = process.memoryUsage().heapUsed;
    keepMemoryInCheck();
    const after = process.memoryUsage().heapUsed;
    expect(before - after).toBeGreaterThan(10 * 1024 * 1024);

    let more: object[] | null = Array.from({ length: 400_000 }, (_, i) => ({ i, s: `row ${i}` }));
    expect(more.length).toBe(400_000);
    more = null;
    const again = process.memoryUsage().heapUsed;
    keepMemoryInCheck(); // within the second: no second collection
    expect(process.memoryUsage().heapUsed).toBeGreaterThan(again - 1024 * 1024);
  });
});
