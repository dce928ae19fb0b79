import { afterEach, describe, expect, it, vi } from 'vitest';

process.env.IMPORT_RSS_SOFT_LIMIT_MB = '1'; // always over the limit
const { keepMemoryInCheck, memoryGuardState } = await import('./memory-guard');

const garbage = () => {
  let rows: object[] | null = Array.from({ length: 600_000 }, (_, i) => ({ i, s: `row ${i}` }));
  expect(rows.length).toBe(600_000);
  rows = null;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('keepMemoryInCheck', () => {
  it('collects the garbage of a process over its soft limit, at most once a second', () => {
    garbage();
    const before = process.memoryUsage().heapUsed;
    keepMemoryInCheck();
    const after = process.memoryUsage().heapUsed;
    expect(before - after).toBeGreaterThan(10 * 1024 * 1024);

    garbage();
    const again = process.memoryUsage().heapUsed;
    keepMemoryInCheck(); // within the second: no second collection
    expect(process.memoryUsage().heapUsed).toBeGreaterThan(again - 1024 * 1024);
  });

  it('keeps collecting every second while collections free heap, and waits longer while they do not', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5_000);
    garbage();
    const start = memoryGuardState().collections;
    keepMemoryInCheck(); // frees the garbage: the wait stays at a second
    expect(memoryGuardState()).toEqual({ collections: start + 1, intervalMs: 1000 });

    vi.setSystemTime(Date.now() + 1_100);
    keepMemoryInCheck(); // nothing to free: over the limit for other reasons
    expect(memoryGuardState()).toEqual({ collections: start + 2, intervalMs: 2000 });

    vi.setSystemTime(Date.now() + 1_100);
    keepMemoryInCheck(); // within the longer wait
    expect(memoryGuardState().collections).toBe(start + 2);

    vi.setSystemTime(Date.now() + 1_000);
    garbage();
    keepMemoryInCheck(); // frees again: back to a second
    expect(memoryGuardState()).toEqual({ collections: start + 3, intervalMs: 1000 });
  });
});
