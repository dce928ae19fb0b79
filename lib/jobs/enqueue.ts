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
  wakeSoon(name);
  return id;
}

/** Many jobs in one statement, through `tx`. */
export async function enqueueMany(tx: Executor, jobs: PgBoss.JobInsert[]): Promise<void> {
  if (!jobs.length) return;
  const boss = await queue();
  await boss.insert(jobs, { db: transactionExecutor(tx) } as PgBoss.InsertOptions);
  for (const name of new Set(jobs.map((j) => j.name))) wakeSoon(name);
}

// The job is visible only once the caller commits, which is typically within milliseconds: poke
// the local workers shortly after, and once more in case the commit took longer.
function wakeSoon(name: string) {
  setTimeout(() => wakeWorkers(name), 15);
  setTimeout(() => wakeWorkers(name), 120);
}
