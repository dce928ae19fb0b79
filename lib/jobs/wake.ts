import type { JobWorker } from './job-worker';

// This process's job workers, by queue name (job-worker.ts). A worker looks for jobs on its own
// every POLL_SECONDS; after an enqueue it is woken at once instead, so a job starts within
// milliseconds.
const holder = globalThis as unknown as { __engageJobWorkers?: Map<string, JobWorker> };
const workers: Map<string, JobWorker> = (holder.__engageJobWorkers ??= new Map());

/**
 * How often an idle worker looks for jobs on its own: for jobs that start later (a retry, a
 * delay) and an announcement missed while not listening. Every enqueue wakes a worker at once.
 */
export const POLL_SECONDS = 2;

export function addWorker(name: string, worker: JobWorker): void {
  workers.set(name, worker);
}

/**
 * Postgres notification channel on which a process that enqueues jobs for a queue it does not work
 * itself announces them (payload: the queue's name), so that the workers in other processes (the
 * first web process, `npm run worker`) start them at once rather than at their next poll.
 */
export const JOB_CHANNEL = 'job_enqueued';

/** True when this process has a worker for the queue. */
export function worksHere(name: string): boolean {
  return workers.has(name);
}

/** Wakes this process's worker of the queue: it fetches as soon as one more unit of work may start. */
export function wakeWorkers(name: string): void {
  workers.get(name)?.wake();
}

/** Stops every worker of this process (each waits up to `timeoutMs` for the jobs it runs); returns once all have. */
export async function stopWorkers(timeoutMs: number): Promise<void> {
  const stopping = [...workers.values()];
  workers.clear();
  await Promise.all(stopping.map((w) => w.stop(timeoutMs)));
}
