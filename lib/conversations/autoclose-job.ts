import { getDb } from '@/db';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { autocloseIdleConversations } from './autoclose';

// Every minute: conversations idle past their account's auto-close time are closed.
export const autocloseJob = defineJob<Record<string, never>>({
  name: QUEUES.conversationAutoclose.name,
  concurrency: 1,
  schedule: '* * * * *',
  handle: async () => {
    const closed = await autocloseIdleConversations(await getDb());
    if (closed) console.log(`[conversations] auto-closed ${closed} idle conversation(s)`);
  },
});
