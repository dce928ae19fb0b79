import { eq } from 'drizzle-orm';
import type { Executor } from '@/db';
import { channels } from '@/db/schema';
import { invalidateTopic, notifiedCache } from '@/lib/cache/notified-cache';
import type { ChannelRecord } from './provider';

// Provider callbacks name their channel in the path and arrive on every inbound message and status:
// the channel row is read from a per-process cache, which the channels trigger (migration 0007)
// and every writer in this process invalidate (lib/cache/notified-cache.ts). Reading it cost about
// a third of a callback's throughput.
const cache = notifiedCache<ChannelRecord>('channels');

/** A channel by id, whatever its account (null if there is none): the caller checks what it may do. */
export async function channelById(db: Executor, id: number): Promise<ChannelRecord | null> {
  const row = await cache.through(`channel:${id}`, async () => {
    const [found] = await db.select().from(channels).where(eq(channels.id, id)).limit(1);
    return found ?? null;
  });
  return row && { ...row };
}

/** For code that has just changed a channel in this process: forget at once (templates cached with it too). */
export function forgetChannels(): void {
  invalidateTopic('channels');
}
