import type PgBoss from 'pg-boss';
import { database } from '@/db';
import { queue } from './queue';
import { startJobWorker } from './job-worker';
import { addWorker, JOB_CHANNEL, POLL_SECONDS, wakeWorkers } from './wake';
import { jobs } from './jobs';
import { describeError } from '@/lib/errors/describe';

const MAX_BATCH_ITEM_RETRIES = 5;

const holder = globalThis as unknown as { __engageWorkersStarted?: boolean };

/** Sends a failed job of a batch again on its own, a bounded number of times. */
async function retryAlone(job: (typeof jobs)[number], item: PgBoss.Job<unknown>, reason: unknown): Promise<void> {
  const boss = await queue();
  // `__retries` travels with the job's data.
  const data = item.data as { __retries?: number };
  const retries = (data.__retries ?? 0) + 1;
  const message = describeError(reason);
  if (retries > MAX_BATCH_ITEM_RETRIES) {
    console.error(`[jobs] ${job.name} failed ${retries} times, giving up:`, message);
    return;
  }
  console.error(`[jobs] ${job.name} failed, retrying alone (${retries}/${MAX_BATCH_ITEM_RETRIES}):`, message);
  await boss.send(job.name, { ...data, __retries: retries }, { startAfter: 5 * retries });
}

type Retry = (job: (typeof jobs)[number], item: PgBoss.Job<unknown>, reason: unknown) => Promise<void>;

/**
 * Runs a fetched batch: through `handleBatch` when the job has one, else each job on its own, side
 * by side. A failed `handleBatch` (one job's failure fails them all) is followed by each job on
 * its own, one after another (not all at once, which would crowd the database the batch was
 * there to spare). Only the jobs that fail on their own are sent again, each alone: fetched with
 * others later, a job that keeps failing would otherwise take its neighbours down every time.
 */
export async function runBatch(job: (typeof jobs)[number], items: PgBoss.Job<unknown>[], batchSize: number, retry: Retry = retryAlone): Promise<void> {
  const alone = async (item: PgBoss.Job<unknown>) => {
    try {
      await job.handle(item.data as never, item as never);
    } catch (reason) {
      await retry(job, item, reason);
    }
  };
  if (job.handleBatch) {
    try {
      return await job.handleBatch(items as never);
    } catch (error) {
      if (items.length === 1) throw error; // pg-boss's own retry policy applies
      console.error(`[jobs] a batch of ${items.length} ${job.name} jobs failed, running each on its own:`, describeError(error));
    }
    for (const item of items) await alone(item);
    return;
  }
  if (batchSize === 1) return job.handle(items[0].data as never, items[0] as never);
  await Promise.all(items.map(alone));
}

/**
 * The job kinds this process works on: WORKER_QUEUES (comma-separated queue names) narrows them,
 * e.g. to give webhook deliveries processes of their own. Unset, every kind.
 */
export function workedQueues(): Set<string> {
  const names = (process.env.WORKER_QUEUES ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const known = new Set(jobs.map((j) => j.name as string));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) throw new Error(`WORKER_QUEUES names unknown queues: ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
  return names.length ? new Set(names) : known;
}

/** Starts a worker for each job kind of this process (job-worker.ts). Several processes may do this at once. */
export async function startWorkers(): Promise<void> {
  if (holder.__engageWorkersStarted) return;
  holder.__engageWorkersStarted = true;
  const boss = await queue();
  const worked = workedQueues();
  for (const job of jobs) {
    if (!worked.has(job.name)) continue;
    const batchSize = job.batchSize ?? 1;
    addWorker(job.name, startJobWorker(job, { boss, runBatch: (items) => runBatch(job, items, batchSize), pollMs: POLL_SECONDS * 1000 }));
    if (job.schedule) await boss.schedule(job.name, job.schedule);
  }
  // Jobs other processes enqueue for these queues start at once (see enqueue.ts); after a time
  // without listening, whatever was announced meanwhile is fetched.
  (await database()).listen(JOB_CHANNEL, {
    onNotify: (name) => wakeWorkers(name),
    onListening: () => { for (const name of worked) wakeWorkers(name); },
    onLost: () => {},
  });
}
