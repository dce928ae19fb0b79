import { sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';

/**
 * Ids of the account's tags with these names, creating the missing ones. Existing tags are read,
 * not updated: an `ON CONFLICT DO UPDATE` would lock each tag row until commit, and every write
 * carrying a popular tag would wait for the previous one.
 */
export async function upsertTags(tx: Executor, accountId: number, names: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  const out = new Map<string, number>();
  if (!unique.length) return out;
  const rows = await execRows<{ id: number; name: string }>(tx, sql`
    with wanted as (select unnest(${sql.param(unique)}::text[]) as name),
    created as (
      insert into tags (account_id, name) select ${accountId}, name from wanted
      on conflict (account_id, name) do nothing
      returning id, name)
    select id, name from created
    union all
    select t.id, t.name from tags t join wanted w on w.name = t.name where t.account_id = ${accountId}`);
  for (const r of rows) out.set(r.name, r.id);
  const missing = unique.filter((n) => !out.has(n));
  if (missing.length) {
    // Created by a transaction that committed while this statement waited: a new statement sees it.
    const late = await execRows<{ id: number; name: string }>(tx, sql`
      select id, name from tags where account_id = ${accountId} and name = any(${sql.param(missing)}::text[])`);
    for (const r of late) out.set(r.name, r.id);
  }
  return out;
}
