import { describeError } from '@/lib/errors/describe';

// Writes arriving while others are being stored wait and are then stored together, in one
// transaction: under load, requests share their round trips instead of queueing for the database
// one by one. One group is stored at a time per coalescer; a write arriving when nothing is in
// flight is stored at once, so a quiet system waits for nothing. Each caller's promise settles
// only once its own write is committed (or has failed).
//
// A group that cannot be stored together is stored item by item (`storeAlone`), which gives
// every item its own outcome: one bad item never fails the others. So `storeTogether` must throw
// only while nothing of the group is committed (a throw after its commit would store it twice).

/**
 * Thrown by a group's store when the group cannot be stored exactly as one by one would (a
 * concurrent writer got in between, or the group holds what must go one at a time): the group is
 * then stored item by item, without a log line.
 */
export class RaceLost extends Error {
  constructor(what: string) {
    super(`writes stored together lost a race: ${what}`);
  }
}

const MAX_GROUP = Number(process.env.WRITE_GROUP_MAX || 100);

type Waiting<I, O> = { item: I; resolve: (outcome: O) => void; reject: (error: unknown) => void };

export class Coalescer<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private running = false;

  constructor(
    private readonly label: string,
    private readonly storeTogether: (items: I[]) => Promise<O[]>,
    private readonly storeAlone: (item: I) => Promise<O>,
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
      while (this.waiting.length) await this.storeGroup(this.waiting.splice(0, MAX_GROUP));
    } finally {
      this.running = false;
    }
  }

  private async storeGroup(group: Waiting<I, O>[]): Promise<void> {
    if (group.length > 1) {
      try {
        const outcomes = await this.storeTogether(group.map((w) => w.item));
        group.forEach((w, i) => w.resolve(outcomes[i]));
        return;
      } catch (error) {
        // A lost race is expected now and then; anything else is worth a line in the log.
        if (!(error instanceof RaceLost)) console.error(`[${this.label}] storing a group together failed; storing one by one:`, describeError(error));
      }
    }
    for (const w of group) {
      try {
        w.resolve(await this.storeAlone(w.item));
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
