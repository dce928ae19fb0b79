import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import { contactCount, contactCountSql } from './counter';
import { selectContacts } from './queries';
import { searchTerm } from './search-text';
import { serializeContact } from './serializer';
import { containsPattern } from '@/lib/sql/like';
import { pageLimit } from '@/lib/sql/page';

/**
 * A page of the account's contacts, newest first. Without filters the count is the account's
 * maintained counter, so a page never scans the account's contacts; with a search the count is
 * over the trigram index's matches.
 */
export async function listContacts(db: Db, accountId: number, url: URL, page: PageRequest, filters: { search?: string; tag?: string }) {
  const conditions: SQL[] = [sql`not c.is_deleted`];
  const term = filters.search ? searchTerm(filters.search) : '';
  if (term) conditions.push(sql`c.search_text like ${containsPattern(term)}`);
  if (filters.tag) {
    conditions.push(sql`exists (select 1 from contact_tags ct join tags t on t.id = ct.tag_id
      where ct.contact_id = c.id and t.account_id = ${accountId} and t.name = ${filters.tag})`);
  }
  const where = sql.join(conditions, sql` and `);
  const order = sql`order by c.created_on desc, c.id desc`;
  const limit = pageLimit(page);
  if (conditions.length === 1) {
    // Unfiltered: the page and the account's maintained counter in one round trip.
    const rows = await selectContacts(db, accountId, where,
      { order, limit, extraColumns: sql`, ${contactCountSql(accountId)} as total_count` });
    const count = rows.length ? Number((rows[0] as { total_count?: number }).total_count) : await contactCount(db, accountId);
    return pageEnvelope(url, page, count, rows.map(serializeContact));
  }
  const [rows, [{ count }]] = await Promise.all([
    selectContacts(db, accountId, where, { order, limit }),
    execRows<{ count: number }>(db, sql`select count(*)::int as count from contacts c where c.account_id = ${accountId} and ${where}`),
  ]);
  return pageEnvelope(url, page, Number(count ?? 0), rows.map(serializeContact));
}
