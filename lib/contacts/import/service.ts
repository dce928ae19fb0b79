import { sql } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { NotFoundError } from '@/lib/api/errors';
import { csvLine } from '@/lib/csv/write';
import { CONTACT_COLUMNS } from './columns';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import { pageLimit } from '@/lib/sql/page';
import { serializeImport, serializeImportSummary, type ImportRowDb, type RejectedRowDb } from './serializer';
import { REJECTED_IN_DETAIL } from './validation';

type Cursor = { line: number; id: number };

// Reading uploads back, always scoped to the caller's account: another account's upload is
// simply "Not found.".

const REJECTED_PAGE = 1000;

/** The columns of an upload its serializer reads (ImportRowDb). */
const IMPORT_COLUMNS = sql`id, status, byte_size, processed_bytes, total_rows, created_count, updated_count, unchanged_count, rejected_count, error,
  created_on, started_on, finished_on`;

async function findImport(db: Db, accountId: number, id: string): Promise<ImportRowDb & { columns: string[] | null }> {
  const [row] = await execRows<ImportRowDb & { columns: string[] | null }>(db, sql`
    select ${IMPORT_COLUMNS}, columns from contact_imports where id = ${id} and account_id = ${accountId}`);
  if (!row) throw new NotFoundError();
  return row;
}

async function rejectedPage(db: Db, id: string, after: Cursor, limit: number): Promise<(RejectedRowDb & { id: number })[]> {
  return execRows<RejectedRowDb & { id: number }>(db, sql`
    select id, line, reason, row from contact_import_errors
    where import_id = ${id} and (line, id) > (${after.line}, ${after.id}) order by line, id limit ${limit}`);
}

/** The account's uploads, newest first; one still being received (nothing stored yet) is left out. */
export async function listContactImports(db: Db, accountId: number, url: URL, page: PageRequest) {
  const mine = sql`account_id = ${accountId} and not (status = 'PENDING' and byte_size = 0)`;
  const [rows, [{ count }]] = await Promise.all([
    execRows<ImportRowDb>(db, sql`
      select ${IMPORT_COLUMNS} from contact_imports where ${mine} order by created_on desc, id desc ${pageLimit(page)}`),
    execRows<{ count: number }>(db, sql`select count(*)::int as count from contact_imports where ${mine}`),
  ]);
  return pageEnvelope(url, page, Number(count), rows.map(serializeImportSummary));
}

/** The upload with its first `rejectedRows` rejected rows (0 for a progress poll: counters only). */
export async function getContactImport(db: Db, accountId: number, id: string, rejectedRows = REJECTED_IN_DETAIL) {
  const row = await findImport(db, accountId, id);
  const rejected = rejectedRows > 0 ? await rejectedPage(db, id, { line: 0, id: 0 }, rejectedRows) : [];
  // Each row's cells in the file's column order (jsonb keeps none), as the download has them.
  const order = row.columns ? [...new Set(row.columns)] : [];
  const inFileOrder = (cells: Record<string, string>) => Object.fromEntries([
    ...order.filter((k) => k in cells).map((k) => [k, cells[k]]),
    ...Object.entries(cells).filter(([k]) => !order.includes(k)),
  ]);
  return serializeImport(row, rejected.map((r) => ({ ...r, row: inFileOrder(r.row) })));
}

/**
 * Column order of the rejected-rows file: the file's own header order, then the cells past the
 * header's end (`column 7`, …) in their order. `row` is jsonb, which keeps no order; an import
 * from before the header was recorded puts contact columns first and the others alphabetically.
 */
async function rejectedColumns(db: Db, id: string, header: string[] | null): Promise<string[]> {
  const rows = await execRows<{ key: string }>(db, sql`
    select distinct jsonb_object_keys(row) as key from contact_import_errors where import_id = ${id}`);
  const keys = rows.map((r) => r.key);
  const first = header ? [...new Set(header)] : CONTACT_COLUMNS.filter((c) => keys.includes(c));
  const rest = keys.filter((k) => !first.includes(k)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return [...first, ...rest];
}

/** All rejected rows as CSV (line, reason, then the original columns), read page by page. */
export async function rejectedRowsCsv(db: Db, accountId: number, id: string): Promise<ReadableStream<Uint8Array>> {
  const upload = await findImport(db, accountId, id);
  const encoder = new TextEncoder();
  let columns: string[] | null = null;
  let after: Cursor = { line: 0, id: 0 };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const page = await rejectedPage(db, id, after, REJECTED_PAGE);
      let text = '';
      if (!columns) {
        columns = page.length ? await rejectedColumns(db, id, upload.columns) : [];
        text += '\ufeff' + csvLine(['line', 'reason', ...columns]); // BOM: spreadsheets then read UTF-8
      }
      for (const r of page) text += csvLine([r.line, r.reason, ...columns.map((c) => r.row[c] ?? '')]);
      if (text) controller.enqueue(encoder.encode(text));
      if (page.length < REJECTED_PAGE) controller.close();
      else after = { line: page[page.length - 1].line, id: page[page.length - 1].id };
    },
  });
}
