import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';

/** A contact to be linked to a tag named in the same call (upsertTags). */
export type ContactTagLink = { contactId: string; name: string };

/**
 * Ids of the account's tags with these names, creating the missing ones; with `linkContacts`, each
 * contact is linked to its tag in the same statement. Existing tags are read, not updated: an `ON
 * CONFLICT DO UPDATE` would lock each tag row until commit, and every write carrying a popular tag
 * would wait for the previous one.
 */
export async function upsertTags(tx: Executor, accountId: number, names: string[], linkContacts: ContactTagLink[] = []): Promise<Map<string, number>> {
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  const out = new Map<string, number>();
  if (!unique.length) return out;
  const pairs = linkContacts.map((l) => ({ contact_id: l.contactId, name: l.name.trim() })).filter((l) => l.name);
  const link = (ids: SQL, of: typeof pairs) => sql`insert into contact_tags (contact_id, tag_id)
    select p.contact_id, k.id from jsonb_to_recordset(${JSON.stringify(of)}::jsonb) as p(contact_id uuid, name text) join ${ids} k on k.name = p.name
    on conflict do nothing`;
  const rows = await execRows<{ id: number; name: string }>(tx, sql`
    with wanted as (select unnest(${sql.param(unique)}::text[]) as name),
    created as (
      insert into tags (account_id, name) select ${accountId}, name from wanted
      on conflict (account_id, name) do nothing
      returning id, name),
    known as (
      select id, name from created
      union all
      select t.id, t.name from tags t join wanted w on w.name = t.name where t.account_id = ${accountId})
    ${pairs.length ? sql`, linked as (${link(sql`known`, pairs)})` : sql``}
    select id, name from known`);
  for (const r of rows) out.set(r.name, r.id);
  const missing = unique.filter((n) => !out.has(n));
  if (missing.length) {
    // Created by a transaction that committed while this statement waited: a new statement sees it.
    const late = await execRows<{ id: number; name: string }>(tx, sql`
      select id, name from tags where account_id = ${accountId} and name = any(${sql.param(missing)}::text[])`);
    for (const r of late) out.set(r.name, r.id);
    const lateNames = new Set(late.map((r) => r.name));
    const latePairs = pairs.filter((p) => lateNames.has(p.name));
    if (latePairs.length) {
      await tx.execute(link(sql`(select id, name from tags where account_id = ${accountId})`, latePairs));
    }
  }
  return out;
}
