import type PgBoss from 'pg-boss';
import type { Executor } from '@/db';
import { queue, transactionExecutor } from './queue';
import { wakeWorkers } from './wake';

/**
 * Inserts a job through `tx`: it becomes visible only if the transaction commits. Call
 * `wakeWorkers(name)` (or use `afterCommit` from the caller) to have local workers pick it up
 * without waiting for their next poll.
 */
export async function enqueue<T extends object>(
  tx: Executor, name: string, data: T, options: PgBoss.SendOptions = {},
): Promise<string | null> {
  const boss = await queue();
  const id = await boss.send(name, data, { ...options, db: transactionExecutor(tx) } as PgBoss.SendOptions);
  queueMicrotask(() => setTimeout(() => wakeWorkers(name), 5));
  return id;
}
