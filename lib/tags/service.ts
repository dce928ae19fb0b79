import { sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';

/** Ids of the account's tags with these names, creating the missing ones (one round trip). */
export async function upsertTags(tx: Executor, accountId: number, names: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  const out = new Map<string, number>();
  if (!unique.length) return out;
  const rows = await execRows<{ id: number; name: string }>(tx, sql`
    insert into tags (account_id, name)
    select ${accountId}, n from unnest(${sql.param(unique)}::text[]) as n
    on conflict (account_id, name) do update set name = excluded.name
    returning id, name`);
  for (const r of rows) out.set(r.name, r.id);
  return out;
}
