import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb, type Executor } from '@/db';

// What the provider's callbacks prove about a send cut short by a worker's death (send-claim.ts).
// Two facts, both in the time the callbacks were received (the database's clock):
// - channel_status_arrivals: when a channel's statuses last came in (so its callbacks do reach us),
//   written at most every few seconds per process: it may lag behind the truth, which only makes a
//   resend wait longer;
// - callback_watermarks: for each web process, a time before which every callback it received has
//   been processed. A callback can be held up in a process (its statuses wait on a busy row) while
//   later ones are stored, so "later statuses came without naming the message" means something only
//   once every live process is past the time in question.

const ARRIVAL_EVERY_MS = 5_000;
const BEAT_EVERY_MS = 1_000;
/** A process that received no callback for this long stops beating; its row then goes stale. */
const IDLE_AFTER_MS = 60_000;
/** A watermark not renewed for this long is a dead (or idle) process's, and is ignored. */
export const WATERMARK_LIVE_SECONDS = 30;

const noted = new Map<number, number>();
const processId = randomUUID();
const inFlight = new Map<symbol, number>();
let lastReceived = 0;
let beating: NodeJS.Timeout | null = null;

/** `now() - age` in the database's clock, for a moment taken with Date.now() in this process. */
const dbTime = (at: number) => sql`now() - make_interval(secs => ${Math.max(0, Date.now() - at) / 1000})`;

async function beat(): Promise<void> {
  const oldest = Math.min(Date.now(), ...inFlight.values());
  const db = await getDb();
  await db.execute(sql`
    insert into callback_watermarks (process_id, through_on, beat_on) values (${processId}, ${dbTime(oldest)}, now())
    on conflict (process_id) do update set through_on = excluded.through_on, beat_on = excluded.beat_on`);
}

function keepBeating() {
  beating = setTimeout(() => {
    if (!inFlight.size && Date.now() - lastReceived > IDLE_AFTER_MS) { beating = null; return; }
    beat().catch(() => undefined).finally(keepBeating);
  }, BEAT_EVERY_MS);
  beating.unref();
}

/**
 * Marks a provider callback as received now and not yet processed; returns the function that marks
 * it processed. A process that was not beating writes its watermark before the callback is looked
 * at, so the callback is never unaccounted for.
 */
export async function receivingCallback(): Promise<{ receivedAt: number; done: () => void }> {
  const token = Symbol('callback');
  const receivedAt = Date.now();
  inFlight.set(token, receivedAt);
  lastReceived = receivedAt;
  if (!beating) {
    keepBeating();
    await beat();
    const db = await getDb();
    await db.execute(sql`delete from callback_watermarks where beat_on < now() - interval '1 hour'`);
  }
  return { receivedAt, done: () => inFlight.delete(token) };
}

/** Notes that a channel's statuses came in at `receivedAt` (after they were applied). */
export async function noteStatusArrival(db: Executor, channelId: number, receivedAt: number): Promise<void> {
  const now = Date.now();
  if (now - (noted.get(channelId) ?? 0) < ARRIVAL_EVERY_MS) return;
  noted.set(channelId, now);
  await db.execute(sql`
    insert into channel_status_arrivals (channel_id, last_on) values (${channelId}, ${dbTime(receivedAt)})
    on conflict (channel_id) do update set last_on = greatest(channel_status_arrivals.last_on, excluded.last_on)`);
}

/** SQL: the time before which every callback received by a live process has been processed. */
export const callbacksProcessedThrough = sql`(select coalesce(min(w.through_on), now()) from callback_watermarks w
  where w.beat_on > now() - ${sql.raw(`interval '${WATERMARK_LIVE_SECONDS} seconds'`)})`;
