import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';
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

// A shard row stays locked from its update until the transaction commits, so concurrent writers
// landing on the same shard wait for each other's whole transaction. Contact writes therefore
// defer their count changes to the very end of the transaction (countedTransaction), where the
// lock is held for the commit alone.
const deferred = new WeakMap<object, Map<number, number>>();

/** Counts a contact in or out of its account when the enclosing countedTransaction ends. */
export function deferContactCount(tx: Executor, accountId: number, delta: number): void {
  const deltas = deferred.get(tx);
  if (!deltas) throw new Error('contact counts change only inside countedTransaction()');
  deltas.set(accountId, (deltas.get(accountId) ?? 0) + delta);
}

/** A transaction whose deferred contact-count changes are written last, just before commit. */
export function countedTransaction<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const deltas = new Map<number, number>();
    deferred.set(tx, deltas);
    const result = await work(tx);
    for (const [accountId, delta] of deltas) await addToContactCount(tx, accountId, delta);
    return result;
  });
}

/** The count as a scalar subquery, to fold into another query. */
export function contactCountSql(accountId: number): SQL {
  return sql`(select coalesce(sum(count), 0)::int from account_contact_counts where account_id = ${accountId})`;
}

export async function contactCount(db: Executor, accountId: number): Promise<number> {
  const [row] = await execRows<{ count: number }>(db, sql`select ${contactCountSql(accountId)} as count`);
  return Number(row?.count ?? 0);
}
