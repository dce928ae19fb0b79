import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { execRows, getDb, type Executor } from '@/db';

// What the provider's callbacks prove about a send cut short by a worker's death (send-claim.ts).
// Two facts, both in the time the callbacks were received (the database's clock):
// - channel_status_arrivals: when a channel's statuses naming our messages last came in (so its
//   callbacks do reach us, and carry our names back), written at most every few seconds per
//   process: it may lag behind the truth, which only makes a resend wait longer;
// - callback_watermarks: for each web process receiving callbacks, a time before which every
//   callback it received has been processed. A callback can be held up in a process (its statuses
//   wait on a busy row) while later ones are stored, so "later statuses came without naming the
//   message" means something only once every process that may have received one is past the time
//   in question (callbacksProcessed).
// Times taken here are turned into the database's clock with an offset that errs early (below), so
// both facts can only understate: a resend comes later, never sooner.

const ARRIVAL_EVERY_MS = 5_000;
const BEAT_EVERY_MS = 1_000;
/** A process that received no callback for this long removes its watermark and stops beating. */
const IDLE_AFTER_MS = 60_000;
/**
 * A watermark not renewed for this long is a dead process's: it then holds back only the sends
 * claimed up to this long after its last beat (callbacksProcessed). Long, so that a live process
 * whose beats are slow (its connections busy) is never taken for dead.
 */
export const WATERMARK_LIVE_SECONDS = 300;
/** A callback whose processing failed is treated as still in flight this long (the provider sends it again). */
const FAILED_HOLD_MS = 10 * 60_000;

// Per channel: when its arrival was last written, and the latest one since, written as the window ends.
const noted = new Map<number, { writtenAt: number; pending: number | null; timer: NodeJS.Timeout | null }>();
const processId = randomUUID();
const inFlight = new Map<symbol, number>();
// Failed callbacks still held, by their signature: the provider's redelivery of the same body,
// once processed here, releases their holds.
const failedHeld = new Map<string, Set<symbol>>();
let lastReceived = 0;
// Whether this process keeps a watermark now; its changes (written, removed) go through one chain,
// so a removal can never land after the write that follows it.
let active = false;
let lifecycle: Promise<boolean> = Promise.resolve(false);

/**
 * This process's clock, in ms since the epoch: monotonic, so that a step of the wall clock (NTP)
 * cannot move a receipt time past the truth once the offset below has been measured.
 */
export const callbackClock = () => performance.timeOrigin + performance.now();

// The database's clock minus this process's, as a lower bound: a `now()` read by a statement was
// taken no later than the moment its answer arrived here. The largest bound seen is the closest.
let offsetMs: number | null = null;

/** The database's now(), in ms since the epoch, as `at` (text: exact through any driver). */
const DB_NOW_MS = sql.raw(`(extract(epoch from now()) * 1000)::float8::text as at`);

async function measureOffset(db: Executor) {
  const [row] = await execRows<{ at: string }>(db, sql`select ${DB_NOW_MS}`);
  const bound = Number(row.at) - callbackClock();
  offsetMs = offsetMs === null ? bound : Math.max(offsetMs, bound);
}

/** A moment of this process (callbackClock()) in the database's clock, never later than the truth. */
async function dbTime(db: Executor, at: number) {
  if (offsetMs === null) await measureOffset(db);
  return sql`to_timestamp(${(at + offsetMs!) / 1000}::float8)`;
}

async function beat(): Promise<void> {
  const db = await getDb();
  const oldest = Math.min(callbackClock(), ...inFlight.values());
  const [row] = await execRows<{ at: string }>(db, sql`
    insert into callback_watermarks (process_id, through_on, beat_on) values (${processId}, ${await dbTime(db, oldest)}, now())
    on conflict (process_id) do update set through_on = excluded.through_on, beat_on = excluded.beat_on
    returning ${DB_NOW_MS}`);
  offsetMs = Math.max(offsetMs!, Number(row.at) - callbackClock());
}

function keepBeating() {
  setTimeout(() => {
    if (!inFlight.size && callbackClock() - lastReceived > IDLE_AFTER_MS) {
      // Nothing held: the watermark goes, so that a process hearing nothing holds nobody back.
      active = false;
      lifecycle = lifecycle.then(async () => {
        const db = await getDb();
        await db.execute(sql`delete from callback_watermarks where process_id = ${processId}`);
        return false;
      }).catch(() => false);
      return;
    }
    beat().catch(() => undefined).finally(keepBeating);
  }, BEAT_EVERY_MS).unref();
}

function startBeating() {
  active = true;
  lifecycle = lifecycle.then(async () => {
    try {
      await beat();
    } catch {
      active = false; // the next callback tries again
      return false;
    }
    keepBeating();
    const db = await getDb();
    await db.execute(sql`delete from callback_watermarks where beat_on < now() - interval '1 day'`).catch(() => undefined);
    return true;
  });
}

/**
 * Marks a provider callback as received now and not yet processed; returns the functions that mark
 * it done (`done(true)` processed, `done(false)` refused: it carried nothing of ours) or failed
 * (`failed`: held a while longer, as its provider sends it again). A process that was not keeping a
 * watermark writes it before the callback is looked at, so no callback is ever unaccounted for (it
 * fails instead, and the provider sends it again). `key` names the callback's body (its
 * signature): a later copy processed here releases the failed ones.
 */
export async function receivingCallback(key?: string | null): Promise<{ receivedAt: number; done: (processed: boolean) => void; failed: () => void }> {
  const token = Symbol('callback');
  const receivedAt = callbackClock();
  inFlight.set(token, receivedAt);
  lastReceived = receivedAt;
  if (!active) startBeating();
  if (!(await lifecycle)) {
    inFlight.delete(token);
    throw new Error('The callback\'s receipt could not be recorded.');
  }
  return {
    receivedAt,
    done: (processed) => {
      inFlight.delete(token);
      const earlier = processed && key ? failedHeld.get(key) : undefined;
      if (earlier) {
        for (const held of earlier) inFlight.delete(held);
        failedHeld.delete(key!);
      }
    },
    failed: () => {
      if (key) failedHeld.set(key, (failedHeld.get(key) ?? new Set()).add(token));
      setTimeout(() => {
        inFlight.delete(token);
        const held = key ? failedHeld.get(key) : undefined;
        if (held?.delete(token) && !held.size) failedHeld.delete(key!);
      }, FAILED_HOLD_MS).unref();
    },
  };
}

async function writeArrival(db: Executor, channelId: number, receivedAt: number): Promise<void> {
  await db.execute(sql`
    insert into channel_status_arrivals (channel_id, last_on) values (${channelId}, ${await dbTime(db, receivedAt)})
    on conflict (channel_id) do update set last_on = greatest(channel_status_arrivals.last_on, excluded.last_on)`);
}

/**
 * Notes that a channel's statuses naming our messages came in at `receivedAt` (callbackClock, after
 * they were applied). Statuses that name no message of ours prove nothing about one never named.
 * Written at most once a window per channel; the latest arrival within a window is written as it
 * ends, so the last callbacks of a busy spell count too.
 */
export async function noteStatusArrival(db: Executor, channelId: number, receivedAt: number): Promise<void> {
  const now = callbackClock();
  const state = noted.get(channelId) ?? { writtenAt: 0, pending: null, timer: null };
  noted.set(channelId, state);
  if (now - state.writtenAt >= ARRIVAL_EVERY_MS) {
    state.writtenAt = now;
    await writeArrival(db, channelId, receivedAt);
    return;
  }
  state.pending = Math.max(state.pending ?? 0, receivedAt);
  state.timer ??= setTimeout(() => {
    const at = state.pending;
    state.timer = null;
    state.pending = null;
    if (at === null) return;
    state.writtenAt = callbackClock();
    // A write lost here only understates the arrivals: a resend waits longer.
    getDb().then((later) => writeArrival(later, channelId, at)).catch(() => undefined);
  }, state.writtenAt + ARRIVAL_EVERY_MS - now);
  state.timer.unref();
}

/**
 * SQL: whether every callback received before `through` has been processed, by every process that
 * may have received one after `since` (a send's claim): the live ones, and a dead one whose last beat
 * came less than WATERMARK_LIVE_SECONDS before `since` (a process that beats that rarely still
 * counts as alive, so it may have received a status about that send before it died; its provider
 * sends that status again at some later time, so such a send is never resent).
 */
export function callbacksProcessed(since: SQL, through: SQL): SQL {
  return sql`not exists (select 1 from callback_watermarks w where w.through_on < ${through}
    and w.beat_on > ${since} - ${sql.raw(`interval '${WATERMARK_LIVE_SECONDS} seconds'`)})`;
}

/** For tests: this process's watermark, in ms of the database's clock (null when it keeps none). */
export async function ownWatermark(db: Executor): Promise<number | null> {
  const [row] = await execRows<{ through: string }>(db, sql`
    select (extract(epoch from through_on) * 1000)::float8::text as through from callback_watermarks where process_id = ${processId}`);
  return row ? Number(row.through) : null;
}

/** For tests: this process's watermark is written now. */
export const writeWatermark = beat;
