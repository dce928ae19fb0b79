import v8 from 'node:v8';
import vm from 'node:vm';

// An import makes garbage at a steady rate (parsed records, batch payloads), and V8 lets the heap
// grow well past the live data before it collects in full: on a 100,000-row file the web
// process's RSS climbed from 165 MB to 350-400 MB between full collections, while a full
// collection brings the heap back to about 70 MB. Past a soft limit the import asks for a full
// collection between batches (about 50 ms each, a few times per 100,000 rows), which keeps the
// process near the limit. Web processes on Postgres also check every 2 s (lib/server-start.ts): the
// one answering an import's progress polls grows the same way. IMPORT_RSS_SOFT_LIMIT_MB=0 turns
// this off.

const SOFT_LIMIT_BYTES = Number(process.env.IMPORT_RSS_SOFT_LIMIT_MB ?? 256) * 1024 * 1024;

let collect: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (collect === undefined) {
    try {
      // Exposed to a fresh context only: the global scope of the app gains nothing.
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  return collect;
}

// A process that stays above the limit for other reasons (live data a collection cannot free)
// collects at most once a second, and less and less often while collections do not help: the
// wait doubles up to a minute, and returns to a second once one helps. A collection helps when
// the memory it freed (the heap, and Buffers outside it) would bring the process back under the
// limit. That is judged from what it freed, not from the RSS just after it: V8 hands freed pages
// back to the system a little later, so an import's process, just over the limit right after each
// collection, was judged beyond help, waited 2 s, then 4 s, and grew to 320-370 MB.
const MIN_INTERVAL_MS = 1000;
const MAX_INTERVAL_MS = 60_000;

export type MemoryProbe = {
  limitBytes: number;
  rss: () => number;
  /** Memory a collection can free: the JS heap plus what its objects hold outside it (Buffers). */
  used: () => number;
  /** A full collection, or null when the runtime offers none. */
  collect: () => (() => void) | null;
  now: () => number;
};

export type MemoryGuard = { check: () => void; state: () => { collections: number; intervalMs: number } };

/** The guard's policy over given readings (tests drive it with their own). */
export function memoryGuard(probe: MemoryProbe): MemoryGuard {
  let interval = MIN_INTERVAL_MS;
  let lastCollection = -Infinity;
  let collections = 0;
  return {
    check() {
      if (probe.limitBytes <= 0 || probe.now() - lastCollection < interval) return;
      const rss = probe.rss();
      if (rss <= probe.limitBytes) return;
      lastCollection = probe.now();
      const collect = probe.collect();
      if (!collect) return;
      const before = probe.used();
      collect();
      collections += 1;
      const freed = before - probe.used();
      interval = rss - freed <= probe.limitBytes ? MIN_INTERVAL_MS : Math.min(interval * 2, MAX_INTERVAL_MS);
    },
    state: () => ({ collections, intervalMs: interval }),
  };
}

const processGuard = memoryGuard({
  limitBytes: SOFT_LIMIT_BYTES,
  rss: () => process.memoryUsage.rss(),
  used: () => { const m = process.memoryUsage(); return m.heapUsed + m.external; },
  collect: collector,
  now: Date.now,
});

/** A full collection when the process has grown past the soft limit (between import batches, and periodically). */
export function keepMemoryInCheck(): void {
  processGuard.check();
}
