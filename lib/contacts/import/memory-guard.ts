import v8 from 'node:v8';
import vm from 'node:vm';

// An import makes garbage at a steady rate (parsed records, batch payloads), and V8 lets the heap
// grow well past the live data before it collects in full: on a 100,000-row file the web
// process's RSS climbed from 165 MB to 350-400 MB between full collections, while a full
// collection brings the heap back to about 70 MB. Past a soft limit the import asks for a full
// collection between batches (about 50 ms each, a few times per 100,000 rows), which keeps the
// process near the limit. IMPORT_RSS_SOFT_LIMIT_MB=0 turns this off.

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

// A process that stays above the limit for other reasons collects at most once a second.
const MIN_INTERVAL_MS = 1000;
let lastCollection = 0;

/** Between batches: a full collection when the process has grown past the soft limit. */
export function keepMemoryInCheck(): void {
  if (SOFT_LIMIT_BYTES <= 0 || Date.now() - lastCollection < MIN_INTERVAL_MS) return;
  if (process.memoryUsage.rss() <= SOFT_LIMIT_BYTES) return;
  lastCollection = Date.now();
  collector()?.();
}
