import { describeError } from '@/lib/errors/describe';

// Writes arriving while others are being stored wait and are then stored together, as one batch:
// under load, requests share their round trips instead of queueing for the database one by one.
// One batch is stored at a time per coalescer; a write arriving when nothing is in flight is
// stored at once, so a quiet system waits for nothing. Each caller's promise settles only once its
// own write is committed (or has failed).
//
// A coalescer may also gather: once a batch ends with writes waiting (the system is busy), it
// waits a moment before storing the next, so that writes still on their way through the HTTP
// server join it and share its statements. A quiet system still waits for nothing.
//
// A batch that fails is stored again item by item, through the same function with one item, so
// one bad item never fails the others. `storeBatch` must therefore throw only while nothing of
// the batch is committed.

const MAX_GROUP = Number(process.env.WRITE_GROUP_MAX || 100);
/** A gathering writer's wait under load: about what a request takes to come through the HTTP server. */
export const GATHER_MS = 2;

type Waiting<I, O> = { item: I; resolve: (outcome: O) => void; reject: (error: unknown) => void };

export class Coalescer<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private running = false;

  constructor(
    private readonly label: string,
    private readonly storeBatch: (items: I[]) => Promise<O[]>,
    private readonly options: { gatherMs?: number } = {},
  ) {}

  store(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (let busy = false; this.waiting.length; busy = true) {
        if (busy && this.options.gatherMs && this.waiting.length < MAX_GROUP) await new Promise((resolve) => setTimeout(resolve, this.options.gatherMs));
        await this.storeGroup(this.waiting.splice(0, MAX_GROUP));
      }
    } finally {
      this.running = false;
    }
  }

  private async storeGroup(group: Waiting<I, O>[]): Promise<void> {
    if (group.length > 1) {
      try {
        const outcomes = await this.storeBatch(group.map((w) => w.item));
        group.forEach((w, i) => w.resolve(outcomes[i]));
        return;
      } catch (error) {
        console.error(`[${this.label}] storing a batch failed; storing its items one by one:`, describeError(error));
      }
    }
    for (const w of group) {
      try {
        w.resolve((await this.storeBatch([w.item]))[0]);
      } catch (error) {
        w.reject(error);
      }
    }
  }
}

/** One coalescer per key object (a database handle: tests open more than one in a process). */
export function coalescerFor<K extends object, I, O>(cache: WeakMap<K, Coalescer<I, O>>, key: K, make: () => Coalescer<I, O>): Coalescer<I, O> {
  let coalescer = cache.get(key);
  if (!coalescer) cache.set(key, (coalescer = make()));
  return coalescer;
}
