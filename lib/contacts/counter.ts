import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { CONTACT_COUNT_SHARDS } from '@/db/schema';

// The account's contact count, spread over CONTACT_COUNT_SHARDS rows (see db/schema/accounts.ts):
// each change lands on a random shard, the count is their sum.

function randomShard(): number {
  return Math.floor(Math.random() * CONTACT_COUNT_SHARDS);
}

/** An upsert adding `delta` to one shard of the account's count. */
export function addToContactCountSql(accountId: SQL | number, delta: number): SQL {
  return sql`insert into account_contact_counts (account_id, shard, count)
    values (${accountId}, ${randomShard()}, ${delta})
    on conflict (account_id, shard) do update set count = account_contact_counts.count + excluded.count`;
}

export async function addToContactCount(tx: Executor, accountId: number, delta: number): Promise<void> {
  if (delta) await tx.execute(addToContactCountSql(accountId, delta));
}

/** The count as a scalar subquery, to fold into another query. */
export function contactCountSql(accountId: number): SQL {
  return sql`(select coalesce(sum(count), 0)::int from account_contact_counts where account_id = ${accountId})`;
}

export async function contactCount(db: Executor, accountId: number): Promise<number> {
  const [row] = await execRows<{ count: number }>(db, sql`select ${contactCountSql(accountId)} as count`);
  return Number(row?.count ?? 0);
}
