import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalescer';

// The coalescer's batching, with a fake store that records its batches and takes 5 ms each.

function recording(options?: { gatherMs?: number }, fail?: (item: number) => boolean) {
  const batches: number[][] = [];
  const coalescer = new Coalescer<number, number>('test', async (items) => {
    batches.push(items);
    await new Promise((r) => setTimeout(r, 5));
    if (items.length > 1 && items.some((i) => fail?.(i))) throw new Error('a bad item');
    if (items.some((i) => fail?.(i))) throw new Error(`bad ${items[0]}`);
    return items.map((i) => i * 10);
  }, options);
  return { batches, coalescer };
}
const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Coalescer', () => {
  it('stores a write at once when nothing is in flight, and those arriving meanwhile together after it', async () => {
    const { batches, coalescer } = recording();
    const outcomes = await Promise.all([1, 2, 3].map((i) => coalescer.store(i)));
    expect(outcomes).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('with gatherMs, waits after a busy batch so that writes arriving just after it join the next one', async () => {
    const plain = recording();
    const gathering = recording({ gatherMs: 20 });
    for (const { coalescer } of [plain, gathering]) {
      const first = [coalescer.store(1), coalescer.store(2)];
      await later(7); // the first batch ([1]) has ended; [2] is next
      const third = coalescer.store(3);
      await Promise.all([...first, third]);
    }
    expect(plain.batches).toEqual([[1], [2], [3]]);
    expect(gathering.batches).toEqual([[1], [2, 3]]);
  });

  it('with gatherMs, still stores a write on a quiet system at once', async () => {
    const { batches, coalescer } = recording({ gatherMs: 1_000 });
    const started = Date.now();
    expect(await coalescer.store(7)).toBe(70);
    expect(Date.now() - started).toBeLessThan(500);
    expect(batches).toEqual([[7]]);
  });

  it('stores a failed batch item by item, failing only the bad one', async () => {
    const { batches, coalescer } = recording({}, (i) => i === 3);
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map((i) => coalescer.store(i)));
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([10, 20, 'bad 3', 40]);
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });
});
