import type PgBoss from 'pg-boss';
import { describeError } from '@/lib/errors/describe';
import { startedQueue } from './queue';
import { POLL_SECONDS } from './wake';
import type { JobDefinition } from './registry';

// Jobs that mostly wait on someone else (a flow ACTION's HTTP request): up to `slots` run at once
// in this process, each fetched as soon as a slot frees up and completed on its own. A pg-boss
// poller waits for its whole batch before fetching again, so one slow job would keep the jobs
// queued behind it from starting.

const POLL_MS = POLL_SECONDS * 1000;

export type SlotsWorker = { wake: () => void };

export function startSlotsWorker(boss: PgBoss, job: JobDefinition<never>, slots: number): SlotsWorker {
  let active = 0;
  let poked = false;
  let wakeUp: (() => void) | null = null;
  const wake = () => {
    poked = true;
    wakeUp?.();
  };
  const pause = () => new Promise<void>((resolve) => {
    if (poked) return resolve();
    const done = () => {
      clearTimeout(timer);
      wakeUp = null;
      resolve();
    };
    const timer = setTimeout(done, POLL_MS);
    wakeUp = done;
  });
  const run = (item: PgBoss.Job<never>) => {
    active += 1;
    job.handle(item.data, item)
      .then(() => boss.complete(job.name, item.id), (error) => boss.fail(job.name, item.id, { message: describeError(error) }))
      .catch((error) => console.error(`[jobs] ${job.name}: could not record the outcome of ${item.id}:`, describeError(error)))
      .finally(() => {
        active -= 1;
        wake();
      });
  };
  void (async () => {
    // Ends when the queue stops; jobs still running then expire and run again elsewhere.
    while (startedQueue()) {
      poked = false;
      const free = slots - active;
      let fetched: PgBoss.Job<never>[] = [];
      if (free > 0) {
        try {
          fetched = await boss.fetch<never>(job.name, { batchSize: free });
        } catch (error) {
          if (startedQueue()) console.error(`[jobs] ${job.name}: fetch failed:`, describeError(error));
        }
      }
      fetched.forEach(run);
      if (free > 0 && fetched.length === free) continue; // more are probably waiting
      await pause();
    }
  })();
  return { wake };
}
