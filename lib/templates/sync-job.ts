import { and, eq, ne } from 'drizzle-orm';
import { getDb } from '@/db';
import { channels } from '@/db/schema';
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
