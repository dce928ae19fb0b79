import type PgBoss from 'pg-boss';
import { describeError } from '@/lib/errors/describe';
import type { JobDefinition } from './registry';

// One worker per kind of job in a process: it fetches that kind's jobs, runs them in units (a
// batch, or for `slots` kinds one job each) and marks them completed or failed. A single fetcher
// per kind means a burst of enqueues costs one fetch, not one per poller, and what arrives while
// a unit runs is fetched together once it ends. A further unit starts beside running ones at once
// when the last fetch was full (a backlog), else only once each of them has run a while
// (BESIDE_AFTER_MS): enough to keep a channel's pace full while a broadcast batch waits on it,
// without splitting a busy stream of quick jobs into one fetch each.

export const BESIDE_AFTER_MS = 50;

export type JobWorker = {
  /** Jobs may be waiting: fetch as soon as a unit may start. */
  wake: () => void;
  /**
   * Stops fetching; waits up to `timeoutMs` for running units (those of a fetch in flight included),
   * then fails the jobs of those still running, so that the queue's retry policy runs them again.
   */
  stop: (timeoutMs: number) => Promise<void>;
};

type Unit = { startedAt: number; ids: string[]; done: Promise<void> };

/** What a worker needs of the queue (pg-boss's fetch, complete and fail), and how it runs a batch (a slot's is one job). */
export type WorkerDeps = {
  boss: Pick<PgBoss, 'fetch' | 'complete' | 'fail'>;
  runBatch: (items: PgBoss.Job<unknown>[]) => Promise<void>;
  pollMs: number;
};

export function startJobWorker(job: JobDefinition<never>, { boss, runBatch, pollMs }: WorkerDeps): JobWorker {
  const units = Math.max(1, job.slots ?? job.concurrency);
  const batchSize = job.batchSize ?? 1;
  const running = new Set<Unit>();
  let wanted = true;
  let fetching = false;
  let stopping = false;
  let besideTimer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> = Promise.resolve();
  let backlog = false; // the last fetch was full: more jobs wait than a batch takes

  // The reason is kept with a job failed alone (pg-boss's types take it for one id only); a batch
  // fails as a whole only past its expiry or at a stop, both logged.
  const fail = (ids: string[], message: string) => (ids.length === 1
    ? boss.fail(job.name, ids[0], { message })
    : (console.error(`[jobs] ${job.name}: ${ids.length} jobs failed: ${message}`), boss.fail(job.name, ids)));

  const run = (items: PgBoss.Job<unknown>[]) => {
    const ids = items.map((i) => i.id);
    // Started on a promise, so that a handler throwing before its first await is a failed job too.
    const handler = Promise.resolve().then(() => runBatch(items));
    // As pg-boss's own workers do: a unit running past its jobs' expiry is failed (they run again)
    // and frees its place, whatever its handler goes on doing.
    const expiry = Math.max(1, ...items.map((i) => Number((i as { expireInSeconds?: number }).expireInSeconds) || 0)) * 1000;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`handler execution exceeded ${expiry}ms`)), expiry);
    });
    const unit: Unit = {
      startedAt: Date.now(), ids,
      done: Promise.race([handler, timedOut])
        .then(() => boss.complete(job.name, ids), (error) => fail(ids, describeError(error)))
        .then(() => undefined, (error) => console.error(`[jobs] ${job.name}: could not record the outcome of ${ids.length} job(s):`, describeError(error)))
        .finally(() => {
          clearTimeout(timer);
          running.delete(unit);
          tick();
        }),
    };
    running.add(unit);
  };

  const tick = () => {
    if (stopping || fetching || !wanted || running.size >= units) return;
    if (!job.slots && running.size && !backlog) {
      const wait = Math.max(...[...running].map((u) => u.startedAt)) + BESIDE_AFTER_MS - Date.now();
      if (wait > 0) {
        besideTimer ??= setTimeout(() => { besideTimer = null; tick(); }, wait);
        return;
      }
    }
    const size = job.slots ? units - running.size : batchSize;
    fetching = true;
    wanted = false;
    inFlight = boss.fetch<unknown>(job.name, { batchSize: size, priority: true })
      .catch((error) => {
        if (!stopping) console.error(`[jobs] ${job.name}: fetch failed:`, describeError(error));
        return [] as PgBoss.Job<unknown>[];
      })
      .then((fetched) => {
        fetching = false;
        // Run even when a stop began meanwhile (the stop waits for them): the fetch already took them.
        if (job.slots) fetched.forEach((item) => run([item]));
        else if (fetched.length) run(fetched);
        // A full fetch means more are probably waiting: the next batch need not wait to fill.
        backlog = fetched.length === size;
        if (backlog) wanted = true;
        tick();
      });
  };

  // Jobs due later (a retry, a delay, a schedule) and announcements missed are found by polling.
  const poll = setInterval(() => { wanted = true; tick(); }, pollMs);
  poll.unref();
  tick();

  return {
    wake: () => { wanted = true; tick(); },
    stop: async (timeoutMs) => {
      stopping = true;
      clearInterval(poll);
      if (besideTimer) clearTimeout(besideTimer);
      await inFlight;
      const left = [...running];
      const finished = await Promise.race([
        Promise.all(left.map((u) => u.done)).then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref()),
      ]);
      if (finished) return;
      const ids = [...running].flatMap((u) => u.ids);
      if (ids.length) await fail(ids, 'the worker stopped while the job ran').catch(() => {});
    },
  };
}
