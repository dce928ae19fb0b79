import { sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';

// An upload's row is created when its header has been checked and the rest of the body starts to
// arrive; `byte_size` is written (and the job enqueued) only once the whole body is stored. A
// failed or cancelled upload deletes its row at once (upload.ts), but a web process that dies
// mid-upload leaves the row and up to 50 MB of chunks behind, under an id no client was ever
// given. This hourly sweep removes them. The age is far beyond any upload still arriving: Node's
// HTTP server ends a request whose body is not complete after 5 minutes (requestTimeout).

export const ABANDONED_AFTER_HOURS = 6;

/** Deletes uploads still receiving their body after `hours` (their chunks cascade). */
export async function sweepAbandonedUploads(db: Executor, hours = ABANDONED_AFTER_HOURS): Promise<number> {
  const rows = await execRows<{ id: string }>(db, sql`
    delete from contact_imports
    where status = 'PENDING' and byte_size = 0 and created_on < now() - make_interval(hours => ${hours})
    returning id`);
  return rows.length;
}

/** An import PROCESSING whose last batch is older than this lost its worker (a batch takes about a second). */
export const STALLED_AFTER_SECONDS = 30;

/**
 * Imports whose worker died mid-way (killed, or its machine gone): each gets a new job, which
 * resumes after the last committed batch. A worker that is only slow loses nothing either: the
 * batch offsets let one of the two runs write each batch.
 */
export async function resumeStalledImports(db: Executor, seconds = STALLED_AFTER_SECONDS): Promise<string[]> {
  const stalled = await execRows<{ id: string }>(db, sql`
    update contact_imports set heartbeat_on = now()
    where status = 'PROCESSING' and heartbeat_on < now() - make_interval(secs => ${seconds})
    returning id`);
  await enqueueMany(db, stalled.map((s) => ({ name: QUEUES.contactImport.name, data: { importId: s.id } })));
  return stalled.map((s) => s.id);
}
