import { sql } from 'drizzle-orm';
import type { Executor } from '@/db';

/**
 * Serialises the writers of a subscription's delivery chains: the transaction that adds deliveries
 * and the one that finishes earlier ones both take the lock of each subscription involved, so
 * exactly one of them enqueues the next send of a (subscription, resource) chain and none is ever
 * stranded. One lock per subscription, not per chain: a CSV import's batch records events for
 * thousands of contacts, and a lock per (subscription, contact) filled Postgres's lock table.
 */
export async function lockChains(tx: Executor, pairs: { subscriptionId: string }[]): Promise<void> {
  const keys = [...new Set(pairs.map((p) => p.subscriptionId))].sort();
  if (!keys.length) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 7270)) from unnest(${sql.param(keys)}::text[]) as k order by k`);
}
