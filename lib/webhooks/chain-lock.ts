import { sql } from 'drizzle-orm';
import type { Executor } from '@/db';

/**
 * Serialises the writers of one (subscription, resource) delivery chain: the transaction that adds
 * a delivery and the one that finishes the previous delivery both take this lock, so exactly one of
 * them enqueues the next send and none is ever stranded.
 */
export async function lockChains(tx: Executor, pairs: { subscriptionId: string; resourceId: string }[]): Promise<void> {
  const keys = [...new Set(pairs.map((p) => `${p.subscriptionId}:${p.resourceId}`))].sort();
  if (!keys.length) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 7270)) from unnest(${sql.param(keys)}::text[]) as k order by k`);
}
