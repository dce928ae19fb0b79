import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { sql } from 'drizzle-orm';
import { database, execRows, type Db } from '@/db';
import { describeError } from '@/lib/errors/describe';
import { LineTracker } from '@/lib/csv/line-numbers';
import { detectDelimiter, detectEncoding, firstLine, fromWindows1252 } from '@/lib/csv/sniff';
import { readChunk, readChunks } from './chunks';
import { hasPhoneColumn, mapHeader, MISSING_HEADER, MISSING_PHONE, type Header } from './columns';
import { isBlankRecord, validateRow, type ImportRow, type Rejection } from './row';
import { writeBatch, type Batch, type ImportContext } from './write-batch';

// The import job's work: stream the stored chunks through csv-parse, validate each record, and
// commit every BATCH_SIZE records in their own transaction. The import row's `total_rows` is the
// resume offset: a retried job re-parses from the start (cheap) but skips that many records
// without writing them, so nothing is counted twice. Parsing of the next batch overlaps the
// database's work on the previous one (one batch in flight; commits stay in file order).

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

// Parsing and validating are synchronous work on the thread that also drives the batch being
// written and, in a web process, answers requests. Records already parsed are handed out by the
// stream without ever returning to the event loop, so without these breaks each of the write's
// round trips, and every request, waited behind the parsing of a whole stored chunk. A short
// break every few records also lets the write's next statement go out sooner (`npm run
// bench:import` measures the import's rate and event-loop delay).
const PARSE_SLICE = 64 * 1024;
const YIELD_EVERY = 25;
const letIoIn = () => new Promise<void>((resolve) => setImmediate(resolve));

function* slices(chunk: Buffer): Generator<Buffer> {
  for (let at = 0; at < chunk.length; at += PARSE_SLICE) yield chunk.subarray(at, at + PARSE_SLICE);
}

const withoutNul = (f: string) => (f.includes('\0') ? f.replace(/\0/g, '') : f); // Postgres text refuses NUL

/** Runs (or resumes) one import. Deterministic failures end as FAILED; others throw for a retry. */
export async function runImport(db: Db, importId: string, batchSize?: number): Promise<void> {
  batchSize ??= await defaultBatchSize();
  const record = await loadImport(db, importId);
  if (!record || record.status === 'COMPLETED' || record.status === 'FAILED') return;
  await db.execute(sql`
    update contact_imports set status = 'PROCESSING', started_on = coalesce(started_on, now()), heartbeat_on = now() where id = ${importId}`);

  const first = await readChunk(db, importId, 0);
  if (!first?.length) return failImport(db, importId, MISSING_HEADER);
  const encoding = detectEncoding(first);
  const clean = encoding === 'latin1' ? (f: string) => fromWindows1252(withoutNul(f)) : withoutNul;
  const delimiter = detectDelimiter(firstLine(first.subarray(0, 64 * 1024).toString(encoding)));
  const ctx: ImportContext = { accountId: record.account_id, importId, userId: record.created_by };

  const source = Readable.from((async function* () {
    yield* slices(first);
    for await (const chunk of readChunks(db, importId, 1)) yield* slices(chunk);
  })());
  const parser = parse({
    bom: true, delimiter, encoding, info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true,
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  const lines = new LineTracker();
  let header: Header | null = null;
  let offset = record.total_rows; // records committed so far
  let seen = 0; // data records parsed so far, this run
  let batch: Batch = { rows: [] as ImportRow[], rejected: [] as Rejection[], records: 0, bytes: 0 };
  let inFlight: Promise<unknown> = Promise.resolve();

  const flush = async () => {
    await inFlight;
    if (!batch.records) return;
    const current = batch;
    batch = { rows: [], rejected: [], records: 0, bytes: 0 };
    const write = writeBatch(db, ctx, current, offset).then(() => { offset += current.records; });
    write.catch(() => {}); // observed by the next flush; keeps it from being an unhandled rejection
    inFlight = write;
  };

  try {
    for await (const { record: raw, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; bytes: number } }>) {
      const line = lines.startLine(raw, info);
      if (!header) {
        header = mapHeader(raw.map(clean));
        await db.execute(sql`update contact_imports set columns = ${JSON.stringify(header.names)}::jsonb where id = ${importId}`);
        if (!hasPhoneColumn(header)) { parser.destroy(); return failImport(db, importId, MISSING_PHONE); }
        continue;
      }
      if (isBlankRecord(raw)) continue;
      seen += 1;
      if (seen % YIELD_EVERY === 0) await letIoIn(); // also while skipping, on a resumed import
      if (seen <= record.total_rows) continue; // committed by an earlier attempt
      const result = validateRow(header, raw.map(clean), line, record.country);
      if (result.ok) batch.rows.push(result.row);
      else batch.rejected.push(result.rejection);
      batch.records += 1;
      batch.bytes = info.bytes;
      if (batch.records >= batchSize) await flush();
    }
    await flush();
    await inFlight;
  } catch (error) {
    if (error instanceof CsvError) {
      await flush(); // the records parsed before the unreadable part are kept
      await inFlight;
      // The rest of the file cannot be read (e.g. a quote never closed): what was before it stays.
      return failImport(db, importId, `The file could not be read after line ${lines.lastLine}: ${error.message}`);
    }
    await inFlight.catch(() => {});
    throw error;
  } finally {
    source.destroy(); // stops reading chunks when the loop ended early
  }
  if (!header) return failImport(db, importId, MISSING_HEADER);
  await completeImport(db, importId, offset);
}
