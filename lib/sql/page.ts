import { sql, type SQL } from 'drizzle-orm';
import type { PageRequest } from '@/lib/api/pagination';

// LIMIT and OFFSET for a list page, with the page size written into the statement's text and the
// first page's OFFSET left out. Bound as parameters, they keep Postgres from reusing a prepared
// statement's generic plan (with an unknown LIMIT it assumes a tenth of the table and prices the
// per-row subqueries accordingly), so every list request was planned afresh, which cost as much as
// running it. The texts stay few (one per page
// size, first page or not), so each connection keeps a bounded set of prepared statements; deeper
// pages still bind their offset.
export function pageLimit(page: PageRequest): SQL {
  if (!Number.isSafeInteger(page.pageSize) || page.pageSize < 1 || !Number.isSafeInteger(page.offset) || page.offset < 0) {
    throw new Error(`invalid page ${JSON.stringify(page)}`);
  }
  const limit = sql.raw(`limit ${page.pageSize}`);
  return page.offset === 0 ? limit : sql`${limit} offset ${page.offset}`;
}
