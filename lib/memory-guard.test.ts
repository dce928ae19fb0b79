import { describe, expect, it } from 'vitest';

process.env.IMPORT_RSS_SOFT_LIMIT_MB = '1'; // always over the limit
const { keepMemoryInCheck, memoryGuard } = await import('./memory-guard');

const MB = 1024 * 1024;

/** A guard over readings the test sets: a 256 MB limit, a process that grows and collects as told. */
function simulated() {
  const sim = { now: 1_000_000, rss: 200 * MB, heap: 100 * MB, live: 60 * MB, gcs: 0 };
  const guard = memoryGuard({
    limitBytes: 256 * MB,
    rss: () => sim.rss,
    used: () => sim.heap,
    collect: () => () => { sim.gcs += 1; sim.heap = sim.live; }, // RSS follows later, as V8's does
    now: () => sim.now,
  });
  return { sim, guard };
}

describe('keepMemoryInCheck', () => {
  it('collects the garbage of a process over its soft limit, at most once a second', () => {
    let garbage: object[] | null = Array.from({ length: 600_000 }, (_, i) => ({ i, s: `row ${i}` }));
    expect(garbage.length).toBe(600_000);
    garbage = null;
    const before = process.memoryUsage().heapUsed;
    keepMemoryInCheck();
    expect(before - process.memoryUsage().heapUsed).toBeGreaterThan(10 * MB);

    let more: object[] | null = Array.from({ length: 600_000 }, (_, i) => ({ i, s: `row ${i}` }));
    expect(more.length).toBe(600_000);
    more = null;
    const again = process.memoryUsage().heapUsed;
    keepMemoryInCheck(); // within the second: no second collection
    expect(process.memoryUsage().heapUsed).toBeGreaterThan(again - MB);
  });

  it('does nothing under the limit', () => {
    const { sim, guard } = simulated();
    guard.check();
    expect(guard.state()).toEqual({ collections: 0, intervalMs: 1000 });
    expect(sim.gcs).toBe(0);
  });

  it('keeps collecting every second while collections free enough to bring it back under (an import)', () => {
    const { sim, guard } = simulated();
    for (let second = 0; second < 5; second++) {
      sim.rss = 270 * MB; // just over, and still over right after each collection
      sim.heap = 140 * MB; // of which 80 MB garbage
      guard.check();
      sim.now += 1_000;
    }
    expect(guard.state()).toEqual({ collections: 5, intervalMs: 1000 });
  });

  it('waits longer and longer while live data keeps it over, and a second again once a collection helps', () => {
    const { sim, guard } = simulated();
    sim.rss = 400 * MB;
    sim.live = 300 * MB;
    sim.heap = 330 * MB; // 30 MB freed each time: 370 MB, still over
    guard.check();
    expect(guard.state()).toEqual({ collections: 1, intervalMs: 2000 });
    sim.now += 1_500;
    guard.check(); // within the longer wait
    expect(guard.state().collections).toBe(1);
    sim.now += 600;
    sim.heap = 330 * MB;
    guard.check();
    expect(guard.state()).toEqual({ collections: 2, intervalMs: 4000 });
    for (let i = 0; i < 10; i++) { sim.now += 60_000; sim.heap = 330 * MB; guard.check(); }
    expect(guard.state().intervalMs).toBe(60_000); // at most a minute

    sim.live = 100 * MB; // the live data went: the next collection frees 230 MB
    sim.heap = 330 * MB;
    sim.now += 60_000;
    guard.check();
    expect(guard.state()).toEqual({ collections: 13, intervalMs: 1000 });
  });
});
