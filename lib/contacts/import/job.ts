import { getDb } from '@/db';
import { queue } from '@/lib/jobs/queue';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { failImport, runImport } from './run';
import { describeError } from '@/lib/errors/describe';

// Imports one uploaded CSV (enqueued by the upload route in the transaction that completes the
// upload). A failure that retrying cannot fix ends the import as FAILED inside runImport; any
// other error is rethrown for pg-boss to retry (the import resumes where it stopped), and on the
// last attempt the import is marked FAILED so it never stays PROCESSING forever.

export const contactImportJob = defineJob<{ importId: string }>({
  name: QUEUES.contactImport.name,
  concurrency: 1,
  handle: async (data, job) => {
    const db = await getDb();
    try {
      await runImport(db, data.importId);
    } catch (error) {
      const boss = await queue();
      const meta = await boss.getJobById(job.name, job.id).catch(() => null);
      if (!meta || meta.retryCount >= meta.retryLimit) {
        // The upload's `error` is shown to API callers: the details go to the log only.
        console.error(`[import] ${data.importId} failed:`, describeError(error));
        await failImport(db, data.importId, 'The import stopped on an unexpected error; the rows before it were imported. Upload the file again to finish.');
      }
      throw error;
    }
  },
});
