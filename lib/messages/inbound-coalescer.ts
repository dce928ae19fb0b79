import type { Db } from '@/db';
import { describeError } from '@/lib/errors/describe';
import { DUPLICATE, RaceLost, storeMessagesTogether, type InboundMessage } from './inbound-together';

// Inbound messages arriving while others are being stored wait and are then stored together, in
// one transaction (inbound-together.ts): under load, callbacks share their round trips instead of
// queueing for the database one by one. One group is stored at a time per process; a message
// arriving when nothing is in flight is stored at once, so a quiet channel waits for nothing.
// The callback is answered only once its messages are committed, as before.
//
// A group that cannot be stored together is stored message by message (`storeAlone`), which
// gives every message its own outcome: one bad message never fails the others.

const MAX_GROUP = Number(process.env.INBOUND_GROUP_MAX || 100);

type Outcome = string | typeof DUPLICATE;
type Waiting = { item: InboundMessage; resolve: (outcome: Outcome) => void; reject: (error: unknown) => void };
type StoreAlone = (db: Db, item: InboundMessage) => Promise<Outcome>;

export class InboundCoalescer {
  private waiting: Waiting[] = [];
  private running = false;

  constructor(private readonly db: Db, private readonly storeAlone: StoreAlone) {}

  store(item: InboundMessage): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
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

  private async storeGroup(group: Waiting[]): Promise<void> {
    if (group.length > 1) {
      try {
        const outcomes = await storeMessagesTogether(this.db, group.map((w) => w.item));
        group.forEach((w, i) => w.resolve(outcomes[i]));
        return;
      } catch (error) {
        if (!(error instanceof RaceLost)) console.error('[inbound] storing a group together failed; storing one by one:', describeError(error));
      }
    }
    for (const w of group) {
      try {
        w.resolve(await this.storeAlone(this.db, w.item));
      } catch (error) {
        w.reject(error);
      }
    }
  }
}

// One per database handle (tests open more than one database in a process).
const coalescers = new WeakMap<Db, InboundCoalescer>();

export function inboundCoalescer(db: Db, storeAlone: StoreAlone): InboundCoalescer {
  let coalescer = coalescers.get(db);
  if (!coalescer) coalescers.set(db, (coalescer = new InboundCoalescer(db, storeAlone)));
  return coalescer;
}
