import { and, eq, ne } from 'drizzle-orm';
import { getDb } from '@/db';
import { channels } from '@/db/schema';
import { ProviderError } from '@/lib/channels/provider';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { syncChannelTemplates } from './sync';

// Every 5 minutes: sync the templates of every cloud_api channel that is not switched off. One
// channel's failure (bad token, provider down) is logged and does not stop the others.
export const templateSyncAllJob = defineJob<Record<string, never>>({
  name: QUEUES.templateSyncAll.name,
  concurrency: 1,
  schedule: process.env.TEMPLATE_SYNC_CRON || '*/5 * * * *',
  handle: async () => {
    const db = await getDb();
    const rows = await db.select().from(channels)
      .where(and(eq(channels.channelProvider, 'PROVIDER_CLOUD_API'), ne(channels.status, 'INACTIVE')));
    for (const channel of rows) {
      await syncChannelTemplates(db, channel).catch((error) => {
        console.error(`[templates] sync of channel ${channel.id} failed:`, (error as Error).message);
      });
    }
  },
});

// One channel's templates as soon as they can be listed: a channel just added, or whose
// credentials changed, lists its templates without waiting for the periodic sync (enqueued in the
// transaction of that change, lib/channels/service.ts). The channel is read again here: it may have
// been switched off or changed again since.
export const templateSyncJob = defineJob<{ channelId: number }>({
  name: QUEUES.templateSync.name,
  concurrency: 1,
  handle: async ({ channelId }) => {
    const db = await getDb();
    const [channel] = await db.select().from(channels)
      .where(and(eq(channels.id, channelId), eq(channels.channelProvider, 'PROVIDER_CLOUD_API'), ne(channels.status, 'INACTIVE')));
    if (!channel) return;
    try {
      await syncChannelTemplates(db, channel);
    } catch (error) {
      // Credentials the provider refuses stay refused on a retry; anything else is retried.
      if (!(error instanceof ProviderError)) throw error;
      console.error(`[templates] sync of channel ${channel.id} failed:`, error.message);
    }
  },
});
