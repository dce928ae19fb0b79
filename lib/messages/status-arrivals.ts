import { sql } from 'drizzle-orm';
import type { Executor } from '@/db';

// Notes that a channel's provider is calling back with delivery statuses, so that a send cut short
// by a worker's death can be told apart from one the provider never received (send-claim.ts). At
// most one write per channel every few seconds per process: the time it keeps may lag behind the
// truth, which only makes a resend wait longer, never come sooner.

const EVERY_MS = 5_000;
const noted = new Map<number, number>();

export async function noteStatusArrival(db: Executor, channelId: number): Promise<void> {
  const now = Date.now();
  if (now - (noted.get(channelId) ?? 0) < EVERY_MS) return;
  noted.set(channelId, now);
  await db.execute(sql`
    insert into channel_status_arrivals (channel_id, last_on) values (${channelId}, now())
    on conflict (channel_id) do update set last_on = greatest(channel_status_arrivals.last_on, excluded.last_on)`);
}
