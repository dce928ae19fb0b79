import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { pageEnvelopeJson, type PageRequest } from '@/lib/api/pagination';
import { accountCountry } from './account-country';
import { contactCount, contactCountSql } from './counter';
import { selectContactPage } from './queries';
import { searchTerm, TRIGRAM_MIN_LENGTH } from './search-text';
import { containsPattern } from '@/lib/sql/like';
import { pageLimit } from '@/lib/sql/page';
import type { ContactFilters } from './validation';

/**
 * A page of the account's contacts, newest first, as the response's JSON text. Without filters the
 * count is the account's maintained counter, so a page never scans the account's contacts; with a
 * search the count is over the trigram index's matches.
 */
export async function listContacts(db: Db, accountId: number, url: URL, page: PageRequest, filters: ContactFilters): Promise<string> {
  const order = sql`order by c.created_on desc, c.id desc`;
  const limit = pageLimit(page);
  const term = filters.search ? searchTerm(filters.search, await accountCountry(db, accountId)) : '';
  const deleted = filters.is_deleted ?? false;
  if (!term && !filters.tag && !deleted && filters.opted_out === undefined) {
    // Unfiltered: the page and the account's maintained counter in one round trip.
    const { json, count } = await selectContactPage(db, accountId, sql`not c.is_deleted`, { order, limit, count: contactCountSql(accountId) });
    return pageEnvelopeJson(url, page, count ?? await contactCount(db, accountId), json);
  }
  // Filtered: the matches are found once and both the count and the page read them. Asked
  // separately, the page was planned as a walk of the newest contacts filtered one by one, which
  // reads most of the account when the matches are few. A search reads the narrow search rows
  // (contact_search) through their trigram index rather than the contacts themselves; a term too
  // short for a trigram has no index to use, and is checked on the account's own contacts.
  const tagged = (id: SQL) => (filters.tag ? sql`and ${taggedWith(accountId, filters.tag, id)}` : sql``);
  const matching = term.length >= TRIGRAM_MIN_LENGTH
    ? sql`select s.contact_id as id, s.created_on from contact_search s where s.account_id = ${accountId} and s.is_deleted = ${deleted}
        and s.search_text like ${containsPattern(term)} ${tagged(sql`s.contact_id`)}
        ${filters.opted_out === undefined ? sql`` : sql`and exists (select 1 from contacts o where o.id = s.contact_id ${optedOut(filters, sql`o`)})`}`
    : sql`select c.id, c.created_on from contacts c where c.account_id = ${accountId} and c.is_deleted = ${deleted}
        ${term ? sql`and c.search_text like ${containsPattern(term)}` : sql``} ${tagged(sql`c.id`)}
        ${optedOut(filters, sql`c`)}`;
  const ctes = sql`matches as materialized (${matching}),`;
  const pageIds = sql`c.id = any(array(select m.id from matches m order by m.created_on desc, m.id desc ${limit}))`;
  const { json, count } = await selectContactPage(db, accountId, pageIds, { order, ctes, count: sql`(select count(*)::int from matches)` });
  if (count !== null) return pageEnvelopeJson(url, page, count, json);
  // An empty page (no match, or past the last page) carries no count: ask for it alone.
  const [row] = await execRows<{ count: number }>(db, sql`select count(*)::int as count from (${matching}) m`);
  return pageEnvelopeJson(url, page, Number(row?.count ?? 0), json);
}

/**
 * The contacts a list with these filters shows, as a condition on `contacts c`, read without the
 * search index: for the statements that go through all of them (export, bulk changes).
 */
export async function contactFilterSql(db: Db, accountId: number, filters: ContactFilters): Promise<SQL> {
  const term = filters.search ? searchTerm(filters.search, await accountCountry(db, accountId)) : '';
  return sql`c.account_id = ${accountId} and c.is_deleted = ${filters.is_deleted ?? false}
    ${term ? sql`and c.search_text like ${containsPattern(term)}` : sql``}
    ${filters.tag ? sql`and ${taggedWith(accountId, filters.tag, sql`c.id`)}` : sql``}
    ${optedOut(filters, sql`c`)}`;
}

/** `and` the contact row `alias` opted out of marketing messages (or, with false, did not); nothing without the filter. */
function optedOut(filters: ContactFilters, alias: SQL): SQL {
  if (filters.opted_out === undefined) return sql``;
  return sql`and ${alias}.opted_out_on is ${filters.opted_out ? sql`not null` : sql`null`}`;
}

/** The contact `id` has a tag of this name (case-insensitive). */
export function taggedWith(accountId: number, tag: string, id: SQL): SQL {
  return sql`exists (select 1 from contact_tags ct join tags t on t.id = ct.tag_id
    where ct.contact_id = ${id} and t.account_id = ${accountId} and lower(t.name) = lower(${tag}))`;
}
