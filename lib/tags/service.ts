import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';

/** A contact to be linked to a tag named in the same call (upsertTags). */
export type ContactTagLink = { contactId: string; name: string };

/**
 * Ids of the account's tags with these names, creating the missing ones; with `linkContacts`, each
 * contact is linked to its tag in the same statement. A name finds its tag whatever its case
 * ("PROMO" is the tag "promo", the oldest one when an older import made both), as the tag filters
 * read names; a new tag keeps the first spelling given. Existing tags are read, not updated: an
 * `ON CONFLICT DO UPDATE` would lock each tag row until commit, and every write carrying a popular
 * tag would wait for the previous one.
 */
export async function upsertTags(tx: Executor, accountId: number, names: string[], linkContacts: ContactTagLink[] = []): Promise<Map<string, number>> {
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  const out = new Map<string, number>();
  if (!unique.length) return out;
  const pairs = linkContacts.map((l) => ({ contact_id: l.contactId, name: l.name.trim() })).filter((l) => l.name);
  const link = (ids: SQL, of: typeof pairs) => sql`insert into contact_tags (contact_id, tag_id)
    select p.contact_id, k.id from jsonb_to_recordset(${JSON.stringify(of)}::jsonb) as p(contact_id uuid, name text) join ${ids} k on k.k = lower(p.name)
    on conflict do nothing`;
  // Case is compared by Postgres (lower()) throughout, so that names match as its filters match them.
  const rows = await execRows<{ id: number; name: string }>(tx, sql`
    with given as (select name, n from unnest(${sql.param(unique)}::text[]) with ordinality as u(name, n)),
    wanted as (select distinct on (lower(name)) name, lower(name) as k from given order by lower(name), n),
    found as (
      select distinct on (lower(t.name)) lower(t.name) as k, t.id from tags t
      where t.account_id = ${accountId} and lower(t.name) in (select k from wanted) order by lower(t.name), t.id),
    created as (
      insert into tags (account_id, name) select ${accountId}, w.name from wanted w where w.k not in (select k from found)
      on conflict (account_id, name) do nothing
      returning id, lower(name) as k),
    known as (select k, id from found union all select k, id from created)
    ${pairs.length ? sql`, linked as (${link(sql`known`, pairs)})` : sql``}
    select g.name, k.id from given g join known k on k.k = lower(g.name)`);
  for (const r of rows) out.set(r.name, Number(r.id));
  const missing = unique.filter((n) => !out.has(n));
  if (missing.length) {
    // Created by a transaction that committed while this statement waited: a new statement sees it.
    const oldest = sql`(select distinct on (lower(name)) lower(name) as k, id from tags where account_id = ${accountId} order by lower(name), id)`;
    const late = await execRows<{ id: number; name: string }>(tx, sql`
      select u.name, k.id from unnest(${sql.param(missing)}::text[]) as u(name) join ${oldest} k on k.k = lower(u.name)`);
    for (const r of late) out.set(r.name, Number(r.id));
    const lateNames = new Set(late.map((r) => r.name));
    const latePairs = pairs.filter((p) => lateNames.has(p.name));
    if (latePairs.length) await tx.execute(link(oldest, latePairs));
  }
  return out;
}
