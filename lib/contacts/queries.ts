import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { assigneeRecord, contactRecord, noteRecord, tagRecord, type SerializedContact } from './serializer';

// Contacts are read with their notes, tags and default assignees aggregated in the same query, so
// a page of 20 is one round trip, and rendered to JSON by the database (serializer.ts). Each kind is
// gathered once for the whole page (`= any(ids of the page)`), not by a subquery per contact: 60
// small subplans per page, each building its own hash table, were more than half of a list
// request's time in Postgres.

const CONTACT_COLUMNS = sql`
  c.id, c.phone, c.canonical_phone, c.first_name, c.last_name, c.email, c.meta, c.external_url, c.external_id,
  c.is_deleted, c.source, c.phone_status, c.contact_import, c.last_conversation, c.created_by, c.created_on,
  c.last_updated_on, c.opted_out_on`;

const AGGREGATES = sql`
  page_notes as (
    select n.contact_id, json_agg(${noteRecord} order by n.id) as notes
    from contact_notes n left join users nu on nu.id = n.created_by
    where n.contact_id = any(array(select id from page)) group by n.contact_id),
  page_tags as (
    select ct.contact_id, json_agg(${tagRecord} order by t.name) as tags
    from contact_tags ct join tags t on t.id = ct.tag_id
    where ct.contact_id = any(array(select id from page)) group by ct.contact_id),
  page_assignees as (
    select au_link.contact_id, json_agg(${assigneeRecord} order by au.id) as default_assignees
    from contact_default_assignees au_link join users au on au.id = au_link.user_id
    where au_link.contact_id = any(array(select id from page)) group by au_link.contact_id)`;

export type ContactSelection = {
  /**
   * ORDER BY over the columns of `c`: applied before `limit`, and again to the result (inside the
   * `json_agg` of a page), where `c` is the page itself, so it may name only CONTACT_COLUMNS.
   */
  order?: SQL;
  limit?: SQL;
  /** Common table expressions (`name as (…),` each) that `where` and `count` may read. */
  ctes?: SQL;
};

/** `select <what>` over the selected contacts `c`, joined to their aggregates `n`, `t` and `a`. */
function overPage(accountId: number | SQL, where: SQL, { order = sql``, limit = sql``, ctes = sql`` }: ContactSelection, what: SQL, extraColumns = sql``): SQL {
  return sql`
    with ${ctes} page as materialized (
      select ${CONTACT_COLUMNS} ${extraColumns} from contacts c
      where c.account_id = ${accountId} and ${where} ${order} ${limit}),
    ${AGGREGATES}
    select ${what}
    from page c
      left join page_notes n on n.contact_id = c.id
      left join page_tags t on t.contact_id = c.id
      left join page_assignees a on a.contact_id = c.id`;
}

/** The selected contacts as the API serializes them, in `order`. */
export async function selectContacts(db: Executor, accountId: number, where: SQL, selection: ContactSelection = {}): Promise<SerializedContact[]> {
  const rows = await execRows<{ contact: SerializedContact | string }>(db,
    sql`${overPage(accountId, where, selection, sql`row_to_json(${contactRecord}) as contact`)} ${selection.order ?? sql``}`);
  return rows.map((r) => parsedJson(r.contact));
}

/**
 * One contact as the API serializes it, as a JSON value that another statement carries: `accountId`
 * and `id` may be that statement's columns.
 */
export function contactJsonSql(accountId: SQL, id: SQL): SQL {
  return sql`(${overPage(accountId, sql`c.id = ${id}`, {}, sql`row_to_json(${contactRecord})`)})`;
}

/** A JSON value as the driver gave it: parsed, or (a driver configured not to) text. */
export function parsedJson<T>(value: T | string): T {
  return typeof value === 'string' ? JSON.parse(value) as T : value;
}

export async function selectContact(db: Executor, accountId: number, id: string): Promise<SerializedContact | null> {
  const [contact] = await selectContacts(db, accountId, sql`c.id = ${id}`);
  return contact ?? null;
}

/**
 * A page of contacts as one JSON array text, in `order`, to be sent as it is; with `count` (a
 * scalar subquery) its value too, read in the same statement (null when the page is empty).
 */
export async function selectContactPage(
  db: Executor, accountId: number, where: SQL, selection: ContactSelection & { count?: SQL },
): Promise<{ json: string; count: number | null }> {
  const extra = selection.count ? sql`, ${selection.count} as page_count` : sql``;
  const [row] = await execRows<{ json: string; count: number | null }>(db, overPage(accountId, where, selection, sql`
    coalesce(json_agg(${contactRecord} ${selection.order ?? sql``}), '[]')::text as json,
    ${selection.count ? sql`max(c.page_count)` : sql`null::int`} as count`, extra));
  return { json: row.json, count: row.count === null ? null : Number(row.count) };
}
