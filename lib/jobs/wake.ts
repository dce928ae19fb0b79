import { startedQueue } from './queue';

// Worker ids by queue name, for this process. pg-boss polls at most every POLL_SECONDS; after an
// enqueue the local workers are poked so that a job starts within milliseconds instead.
const holder = globalThis as unknown as { __engageWorkerIds?: Map<string, string[]> };
export const workerIds: Map<string, string[]> = (holder.__engageWorkerIds ??= new Map());

/**
 * How often an idle worker looks for jobs on its own: for jobs that start later (a retry, a
 * delay) and an announcement missed while not listening. Every enqueue pokes a worker at once.
 */
export const POLL_SECONDS = 2;
/** Workers of this process that are not pg-boss pollers (slots-worker.ts), by queue name. */
const wakers = ((globalThis as unknown as { __engageWakers?: Map<string, () => void> }).__engageWakers ??= new Map());

export function addWaker(name: string, wake: () => void): void {
  wakers.set(name, wake);
}

/**
 * Postgres notification channel on which a process that enqueues jobs for a queue it does not work
 * itself announces them (payload: the queue's name), so that the workers in other processes (the
 * first web process, `npm run worker`) start them at once rather than at their next poll.
 */
export const JOB_CHANNEL = 'job_enqueued';

/** True when this process has workers for the queue. */
export function worksHere(name: string): boolean {
  return (workerIds.get(name)?.length ?? 0) > 0 || wakers.has(name);
}

/**
 * Pokes every worker of the queue: an idle one fetches at once, a busy one again as its batch ends
 * (poking only one idle worker left the others asleep while it fetched, however many jobs came).
 */
export function wakeWorkers(name: string): void {
  wakers.get(name)?.();
  const ids = workerIds.get(name);
  if (!ids?.length) return;
  void startedQueue()?.then((boss) => { for (const id of ids) boss.notifyWorker(id); }).catch(() => {});
}
