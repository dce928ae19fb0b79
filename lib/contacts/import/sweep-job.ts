import { getDb } from '@/db';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { resumeStalledImports, sweepAbandonedUploads } from './sweep';

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

// Every minute: imports whose worker died are taken up again (see sweep.ts).
export const importResumeJob = defineJob<Record<string, never>>({
  name: QUEUES.importResume.name,
  concurrency: 1,
  schedule: '* * * * *',
  handle: async () => {
    const resumed = await resumeStalledImports(await getDb());
    if (resumed.length) console.log(`[import] resuming ${resumed.length} import(s) whose worker stopped: ${resumed.join(', ')}`);
  },
});
