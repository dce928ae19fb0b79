import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { PayloadTooLargeError, ValidationError } from '@/lib/api/errors';
import { enqueue } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { decodeCell, detectDelimiter, firstLine, hasBom, sepLine } from '@/lib/csv/sniff';
import { fromInertCell } from '@/lib/csv/write';
import { CHUNK_BYTES, insertChunk } from './chunks';
import { headerProblem, mapHeader, MISSING_HEADER } from './columns';

/** CSV media types as clients send them: browsers on Windows label .csv files
 * application/vnd.ms-excel, and curl --data-binary users often say text/plain. */
export const CSV_MEDIA_TYPES = ['text/csv', 'application/csv', 'text/x-csv', 'text/plain', 'application/vnd.ms-excel'] as const;

// Receives an upload: the request body is streamed into ~1 MB chunks as it arrives (never held
// whole), the header is checked before anything is stored, and the job is enqueued in the same
// transaction that marks the upload complete. A refused or broken upload leaves nothing behind.

export const UPLOAD_LIMIT = 50 * 1024 * 1024;
// The header line must arrive within this many bytes (a 64 KB header is already absurd).
const HEADER_PROBE_BYTES = 64 * 1024;

type Uploader = { accountId: number; userId: number };

export const UTF16 = 'The file is UTF-16 (Excel\'s "Unicode Text"): save it as "CSV UTF-8" and upload that.';

/** Refuses the upload (400) unless the first line names a phone column. */
function checkHeader(head: Uint8Array): void {
  // Excel's "Unicode text" is UTF-16: read as UTF-8 its header would only seem to lack a phone column.
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) {
    throw ValidationError.nonField(UTF16);
  }
  // Read byte for byte and decoded cell by cell, as the import reads the file (decodeCell): a row
  // saved in another encoding further on does not change how the header reads.
  const text = Buffer.from(head).subarray(hasBom(head) ? 3 : 0).toString('latin1');
  let line = firstLine(text);
  // Excel's `sep=;` line names the delimiter; the header is the line after it.
  const named = sepLine(line);
  if (named) line = text.includes('\n') ? firstLine(text.slice(text.indexOf('\n') + 1)) : '';
  if (!line.trim()) throw ValidationError.nonField(MISSING_HEADER);
  const delimiter = named ?? detectDelimiter(line);
  let fields: string[] = [];
  try {
    [fields = []] = parse(line, { delimiter, relax_quotes: true, relax_column_count: true }) as string[][];
  } catch {
    fields = line.split(delimiter);
  }
  const problem = headerProblem(mapHeader(fields.map((field) => fromInertCell(decodeCell(field)))));
  if (problem) throw ValidationError.nonField(problem);
}

/** Whether the bytes hold the whole header line: the first line, or the second after a `sep=` line. */
function holdsHeader(head: Buffer): boolean {
  const end = head.indexOf(0x0a);
  if (end === -1) return false;
  return !sepLine(firstLine(head.subarray(0, end).toString('utf8'))) || head.indexOf(0x0a, end + 1) !== -1;
}

/** Reads until the header line is whole (or HEADER_PROBE_BYTES, or the end): the pieces read. */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Uint8Array[]> {
  const pieces: Uint8Array[] = [];
  let size = 0;
  while (size < HEADER_PROBE_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(value);
    size += value.byteLength;
    if (value.includes(0x0a) && holdsHeader(Buffer.concat(pieces))) break;
  }
  return pieces;
}

export async function uploadContactsCsv(
  db: Db, uploader: Uploader, body: ReadableStream<Uint8Array> | null, declaredLength: number,
): Promise<string> {
  if (declaredLength > UPLOAD_LIMIT) throw new PayloadTooLargeError(UPLOAD_LIMIT);
  if (!body) throw ValidationError.nonField(MISSING_HEADER);
  const reader = body.getReader();
  let importId: string | null = null;
  try {
    let pending = await readHead(reader);
    checkHeader(Buffer.concat(pending));
    [{ id: importId }] = await execRows<{ id: string }>(db, sql`
      insert into contact_imports (account_id, created_by) values (${uploader.accountId}, ${uploader.userId}) returning id`);

    let size = pending.reduce((n, p) => n + p.byteLength, 0);
    let buffered = size;
    let seq = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (value) {
        size += value.byteLength;
        if (size > UPLOAD_LIMIT) throw new PayloadTooLargeError(UPLOAD_LIMIT);
        pending.push(value);
        buffered += value.byteLength;
      }
      if (buffered >= CHUNK_BYTES || (done && buffered > 0)) {
        await insertChunk(db, importId, seq++, Buffer.concat(pending));
        pending = [];
        buffered = 0;
      }
      if (done) break;
    }
    const id = importId;
    // byte_size stays 0 until here: the sweep (sweep.ts) takes such a row, once old, for an upload
    // its web process never finished.
    await db.transaction(async (tx) => {
      await tx.execute(sql`update contact_imports set status = 'PENDING', byte_size = ${size} where id = ${id}`);
      await enqueue(tx, QUEUES.contactImport.name, { importId: id });
    });
    return id;
  } catch (error) {
    await reader.cancel().catch(() => {});
    // Cascades to the chunks already stored.
    if (importId) await db.execute(sql`delete from contact_imports where id = ${importId}`);
    throw error;
  }
}
