import type PgBoss from 'pg-boss';
import type { QueueName } from './queues';

/** A kind of job: its queue's policy and the handler that runs one job. */
export type JobDefinition<T = unknown> = {
  name: QueueName;
  /** Batches running at once per process (job-worker.ts). */
  concurrency: number;
  /**
   * Jobs fetched at once and run as one batch (default 1). A job of a batch that throws is sent
   * again on its own after a short delay, so one failure never fails its neighbours.
   */
  batchSize?: number;
  /**
   * For jobs that mostly wait on others (an outside HTTP request): up to this many run at once per
   * process, each fetched as a slot frees up and completed on its own (job-worker.ts);
   * `concurrency` and `batchSize` then do not apply.
   */
  slots?: number;
  /** Cron expression: the job also runs on this schedule (pg-boss schedule, once per cluster). */
  schedule?: string;
  handle: (data: T, job: PgBoss.Job<T>) => Promise<void>;
  /**
   * Runs a whole fetched batch at once (instead of `handle` per job), for work that shares its
   * database round trips. If it throws, each job of the batch runs again on its own through
   * `handle`, one after another, and those that fail then are sent again on their own (workers.ts).
   */
  handleBatch?: (jobs: PgBoss.Job<T>[]) => Promise<void>;
};

export function defineJob<T>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}
