import { getDb } from '@/db';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { sweepAbandonedUploads } from './sweep';

// Hourly: uploads abandoned by a web process that died while receiving them (see sweep.ts).
export const uploadSweepJob = defineJob<Record<string, never>>({
  name: QUEUES.uploadSweep.name,
  concurrency: 1,
  schedule: '17 * * * *',
  handle: async () => {
    const removed = await sweepAbandonedUploads(await getDb());
    if (removed) console.log(`[import] removed ${removed} upload(s) abandoned mid-transfer`);
  },
});
