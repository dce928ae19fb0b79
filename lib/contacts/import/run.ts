import { sql } from 'drizzle-orm';
import { database, execRows, type Db } from '@/db';
import { describeError } from '@/lib/errors/describe';
import { readChunks } from './chunks';
import { headerProblem, MISSING_HEADER, type Header } from './columns';
import { parseInThread } from './parse-in-thread';
import { writeBatch, type Batch, type ImportContext } from './write-batch';

// The import job's work: the stored chunks are parsed and validated on a thread of their own
// (parse-batches.ts), and every batch of records commits in its own transaction here. The import
// row's `total_rows` is the resume offset: a retried job re-parses from the start (cheap) but
// skips that many records without writing them, so nothing is counted twice.

// Rows per transaction. PGlite is one connection shared with the web server, so its batches
// stay smaller to keep requests waiting at most a few hundred milliseconds.
export async function defaultBatchSize(): Promise<number> {
  return (await database()).kind === 'pglite' ? 500 : 2000;
}

type ImportRecord = {
  account_id: number; created_by: number | null; status: string; total_rows: number; country: string;
};

async function loadImport(db: Db, importId: string): Promise<ImportRecord | null> {
  const [row] = await execRows<ImportRecord>(db, sql`
    select i.account_id, i.created_by, i.status, i.total_rows, a.country
    from contact_imports i join accounts a on a.id = i.account_id where i.id = ${importId}`);
  return row ?? null;
}

export async function failImport(db: Db, importId: string, error: string): Promise<void> {
  await db.execute(sql`
    update contact_imports set status = 'FAILED', error = ${error}, finished_on = now()
    where id = ${importId} and status <> 'COMPLETED'`);
}

// Past this many rows, statistics are refreshed before the import is reported complete: until
// autovacuum gets to it, the planner would still believe the account small and scan it whole for
// every list page, and statistics gathered after COMPLETED would compete with the searches and
// list pages a user makes as soon as the import is done. Only the columns that lists and searches
// filter and order by: the whole table's statistics took four times as long (autovacuum's analyze
// follows).
const ANALYZE_AFTER_ROWS = 1000;

async function completeImport(db: Db, importId: string, rows: number): Promise<void> {
  if (rows >= ANALYZE_AFTER_ROWS) {
    // Best effort: a role that does not own the tables may not run these, and autovacuum does the
    // same later. The heartbeat first, so that the resume sweep does not take a long one for a death.
    await db.execute(sql`update contact_imports set heartbeat_on = now() where id = ${importId}`);
    await db.execute(sql`analyze contacts (account_id, is_deleted, created_on), contact_search, contact_tags, tags`)
      .catch((error: unknown) => console.warn('[import] statistics not refreshed:', describeError(error)));
    // The search index takes new entries into a pending list that every search reads through,
    // until autovacuum merges it: after an import, merged at once.
    await db.execute(sql`select gin_clean_pending_list('contact_search_trgm_idx'::regclass)`)
      .catch((error: unknown) => console.warn('[import] search index pending list not merged:', describeError(error)));
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update contact_imports set status = 'COMPLETED', finished_on = now(), processed_bytes = byte_size, error = null
      where id = ${importId}`);
    // The file has served its purpose; the import row and its rejections stay.
    await tx.execute(sql`delete from contact_import_chunks where import_id = ${importId}`);
  });
}

/** Runs (or resumes) one import. Deterministic failures end as FAILED; others throw for a retry. */
export async function runImport(db: Db, importId: string, batchSize?: number): Promise<void> {
  batchSize ??= await defaultBatchSize();
  const record = await loadImport(db, importId);
  if (!record || record.status === 'COMPLETED' || record.status === 'FAILED') return;
  await db.execute(sql`
    update contact_imports set status = 'PROCESSING', started_on = coalesce(started_on, now()), heartbeat_on = now() where id = ${importId}`);

  const ctx: ImportContext = { accountId: record.account_id, importId, userId: record.created_by };
  const events = parseInThread(readChunks(db, importId), { country: record.country, skip: record.total_rows, batchSize });
  let header: Header | null = null;
  let offset = record.total_rows; // records committed so far
  let inFlight: Promise<unknown> = Promise.resolve();

  // One batch written while the thread parses the next ones; commits stay in file order.
  const write = async (batch: Batch) => {
    await inFlight;
    const written = writeBatch(db, ctx, batch, offset).then(() => { offset += batch.records; });
    written.catch(() => {}); // observed by the next write; keeps it from being an unhandled rejection
    inFlight = written;
  };

  try {
    for await (const event of events) {
      if (event.kind === 'header') {
        header = event.header;
        await db.execute(sql`update contact_imports set columns = ${JSON.stringify(header.names)}::jsonb where id = ${importId}`);
        const problem = headerProblem(header);
        if (problem) return failImport(db, importId, problem);
      } else if (event.kind === 'batch') {
        await write(event.batch);
      } else {
        await inFlight;
        return failImport(db, importId, event.message);
      }
    }
    await inFlight;
  } catch (error) {
    await inFlight.catch(() => {});
    throw error;
  }
  if (!header) return failImport(db, importId, MISSING_HEADER);
  await completeImport(db, importId, offset);
}
