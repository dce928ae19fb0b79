import type PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db';
import { queue, transactionExecutor } from './queue';
import { JOB_CHANNEL, wakeWorkers, worksHere } from './wake';

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
  await announce(tx, [name]);
  return id;
}

/** Many jobs in one statement, through `tx`. */
export async function enqueueMany(tx: Executor, jobs: PgBoss.JobInsert[]): Promise<void> {
  if (!jobs.length) return;
  const boss = await queue();
  await boss.insert(jobs, { db: transactionExecutor(tx) } as PgBoss.InsertOptions);
  await announce(tx, [...new Set(jobs.map((j) => j.name))]);
}

// Workers of this process are poked shortly after the enqueue. For a queue worked only elsewhere
// (a second web process enqueues, the first works the queue; or `npm run worker` processes), a
// notification goes with the transaction: Postgres delivers it at commit, when the job becomes
// visible, and the listening workers fetch at once (workers.ts). Without it they would find the
// job only at their next poll, which would delay every webhook and send by a polling interval.
async function announce(tx: Executor, names: string[]): Promise<void> {
  for (const name of names) {
    if (worksHere(name)) wakeSoon(name);
    else await tx.execute(sql`select pg_notify(${JOB_CHANNEL}, ${name})`);
  }
}

// The job is visible only once the caller commits, which is typically within milliseconds: poke
// the local workers shortly after, and once more in case the commit took longer.
function wakeSoon(name: string) {
  setTimeout(() => wakeWorkers(name), 15);
  setTimeout(() => wakeWorkers(name), 120);
}
