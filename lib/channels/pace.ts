import { sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';

// Each channel's messages-per-second limit, held across every process and every sender (template
// sends, inbox replies, broadcasts, flows) in every one-second window. Sends go out in small
// bursts; each burst reserves its slot on the channel's row in Postgres (channel_send_pace), so
// bursts never overlap whichever process sends them. A burst fires at its slot, or reserves again
// if it is late by more than LATE_TOLERANCE_S: so every send happens within that tolerance of its
// slot. Any one-second window then holds at most (1 + tolerance) × the pace of slots plus one
// burst, and the pace is chosen so that this stays within the limit:
//   pace = margin × (limit - burst) / (1 + tolerance)
// which leaves about 94 % of the limit for sustained sending.

/** A burst carries this share of a second's limit (at least one message). */
const BURST_SECONDS = 0.01;
export const LATE_TOLERANCE_S = 0.03;
/** Room left for what no clock here sees: the network, and when the provider reads the request. */
const MARGIN = 0.98;
/** A throttling answer from the provider pauses the channel this long, on top of its pace. */
export const THROTTLE_PAUSE_S = Number(process.env.THROTTLE_PAUSE_SECONDS || 1);

export function burstSize(limit: number): number {
  return Math.max(1, Math.floor(limit * BURST_SECONDS));
}

/** Seconds between consecutive slots (one message each) at this limit. */
export function slotSeconds(limit: number): number {
  const pace = MARGIN * Math.max(limit - burstSize(limit), 0.5) / (1 + LATE_TOLERANCE_S);
  return 1 / pace;
}

export type Reservation = {
  /** Milliseconds from now (this process's clock) until the burst may fire. */
  waitMs: number;
  count: number;
};

// The database's clock decides the slots; this process turns a slot into its own time with the
// offset between the two clocks, taken from the reservation answered fastest lately (as NTP does):
// half a slow round trip would otherwise shift one window's slots against the next one's.
const OFFSET_SAMPLES = 32;
const offsets: { rtt: number; offset: number }[] = [];

function clockOffset(sample: { rtt: number; offset: number }): number {
  offsets.push(sample);
  if (offsets.length > OFFSET_SAMPLES) offsets.shift();
  return offsets.reduce((best, o) => (o.rtt < best.rtt ? o : best)).offset;
}

/** Reserves the channel's next slot for a burst of `count` messages (at most burstSize). */
export async function reserveBurst(db: Executor, channelId: number, limit: number, count: number): Promise<Reservation> {
  const seconds = count * slotSeconds(limit);
  const asked = Date.now();
  const [row] = await execRows<{ slot_ms: number; now_ms: number }>(db, sql`
    insert into channel_send_pace as p (channel_id, next_slot)
    values (${channelId}, clock_timestamp() + make_interval(secs => ${seconds}))
    on conflict (channel_id) do update
      set next_slot = greatest(p.next_slot, clock_timestamp()) + make_interval(secs => ${seconds})
    returning extract(epoch from (p.next_slot - make_interval(secs => ${seconds}))) * 1000 as slot_ms,
      extract(epoch from clock_timestamp()) * 1000 as now_ms`);
  const answered = Date.now();
  const offset = clockOffset({ rtt: answered - asked, offset: Number(row.now_ms) - (asked + answered) / 2 });
  return { waitMs: Math.max(0, Number(row.slot_ms) - offset - answered), count };
}

/** A throttling answer: the channel's next slot moves later, so every sender slows down. */
export async function pauseChannel(db: Executor, channelId: number, seconds = THROTTLE_PAUSE_S): Promise<void> {
  await db.execute(sql`
    insert into channel_send_pace as p (channel_id, next_slot)
    values (${channelId}, clock_timestamp() + make_interval(secs => ${seconds}))
    on conflict (channel_id) do update
      set next_slot = greatest(p.next_slot, clock_timestamp() + make_interval(secs => ${seconds}))`);
}
