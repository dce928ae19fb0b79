import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { LineTracker } from '@/lib/csv/line-numbers';
import { fromInertCell } from '@/lib/csv/write';
import { decodeCell, detectDelimiter, firstLine, hasBom, sepLine } from '@/lib/csv/sniff';
import { mapHeader, type Header } from './columns';
import { isBlankRecord, validateRow } from './row';
import type { Batch } from './write-batch';

// The stored file → its header, then batches of validated rows and rejections, in file order.
// Pure work on the file's bytes (no database), so that it can run on a thread of its own
// (parse-in-thread.ts) while the import's writes go on.

export type ParseOptions = {
  /** The account's default country, for national phone numbers. */
  country: string;
  /** Data records an earlier attempt committed: parsed again, not handed out. */
  skip: number;
  batchSize: number;
};

export type ParseEvent =
  | { kind: 'header'; header: Header }
  | { kind: 'batch'; batch: Batch }
  /** The rest of the file cannot be read (e.g. a quote never closed); the batches before it stand. */
  | { kind: 'unreadable'; message: string };

// A cell as the import reads it: without NUL (Postgres text refuses it), and without the quote this
// product's own downloads put before a formula-like cell (lib/csv/write.ts).
const cellText = (f: string) => fromInertCell(f.includes('\0') ? f.replace(/\0/g, '') : f);

const clean = (f: string) => cellText(decodeCell(f));

const emptyBatch = (): Batch => ({ rows: [], rejected: [], records: 0, bytes: 0 });

export async function* parseBatches(chunks: AsyncIterable<Buffer>, options: ParseOptions): AsyncGenerator<ParseEvent> {
  const input = chunks[Symbol.asyncIterator]();
  const head = await input.next();
  if (head.done || !head.value.length) return;
  // The byte-order mark goes here: the parser, told of one, would read the file as UTF-8 throughout.
  const bom = hasBom(head.value) ? 3 : 0;
  const first = head.value.subarray(bom);
  const headerLine = firstLine(first.subarray(0, 64 * 1024).toString('latin1'));
  const named = sepLine(headerLine);
  const delimiter = named ?? detectDelimiter(headerLine);

  const source = Readable.from((async function* () {
    yield first;
    for (let next = await input.next(); !next.done; next = await input.next()) yield next.value;
  })());
  const parser = parse({
    delimiter, encoding: 'latin1', info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true,
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  const lines = new LineTracker();
  let header: Header | null = null;
  let seen = 0; // data records parsed so far
  let batch = emptyBatch();
  try {
    for await (const { record: raw, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; bytes: number } }>) {
      const line = lines.startLine(raw, info);
      if (named && line === 1) continue; // the `sep=` line: the header comes after it
      if (!header) {
        header = mapHeader(raw.map(clean));
        yield { kind: 'header', header };
        continue;
      }
      if (isBlankRecord(raw)) continue;
      seen += 1;
      if (seen <= options.skip) continue;
      const result = validateRow(header, raw.map(clean), line, options.country);
      if (result.ok) batch.rows.push(result.row);
      else batch.rejected.push(result.rejection);
      batch.records += 1;
      batch.bytes = info.bytes + bom;
      if (batch.records >= options.batchSize) {
        yield { kind: 'batch', batch };
        batch = emptyBatch();
      }
    }
    if (batch.records) yield { kind: 'batch', batch };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (batch.records) yield { kind: 'batch', batch }; // the records parsed before the unreadable part are kept
    // The parser names the line where it gave up (the file's end) for a quote never closed; the
    // record it was reading starts on the line after the last one read.
    const why = error.code === 'CSV_QUOTE_NOT_CLOSED'
      ? `a quote (") that opens a field on line ${lines.lastLine + 1} is never closed, so the rest of the file reads as one field.`
      : error.message;
    yield { kind: 'unreadable', message: `The file could not be read after line ${lines.lastLine}: ${why}` };
  } finally {
    source.destroy(); // run here rather than on a thread: stops reading chunks when the consumer stopped early
  }
}
