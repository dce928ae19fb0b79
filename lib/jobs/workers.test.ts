import { afterEach, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { runBatch, workedQueues } from './workers';

describe('workedQueues', () => {
  afterEach(() => { delete process.env.WORKER_QUEUES; });

  it('is every job kind when WORKER_QUEUES is unset or blank', () => {
    expect(workedQueues()).toContain('webhook-deliver');
    expect(workedQueues()).toContain('contact-import');
    process.env.WORKER_QUEUES = ' ';
    expect(workedQueues().size).toBeGreaterThanOrEqual(5);
  });

  it('narrows to the listed queues', () => {
    process.env.WORKER_QUEUES = 'webhook-deliver, contact-import';
    expect([...workedQueues()].sort()).toEqual(['contact-import', 'webhook-deliver']);
  });

  it('refuses a name that is not a queue, naming the known ones', () => {
    process.env.WORKER_QUEUES = 'webhook-deliver,webhooks';
    expect(() => workedQueues()).toThrow(/unknown queues: webhooks \(known: .*webhook-deliver/);
  });
});

describe('runBatch', () => {
  const item = (id: string) => ({ id, data: { id } }) as unknown as PgBoss.Job<unknown>;
  const batchJob = (done: string[], batches: string[][]) => ({
    name: 'flow-advance' as const, concurrency: 1, batchSize: 3,
    handle: async (data: unknown) => {
      const { id } = data as { id: string };
      if (id === 'bad') throw new Error('bad job');
      done.push(id);
    },
    handleBatch: async (jobs: PgBoss.Job<unknown>[]) => {
      batches.push(jobs.map((j) => j.id));
      if (jobs.some((j) => j.id === 'bad')) throw new Error('the batch failed');
      done.push(...jobs.map((j) => j.id));
    },
  });

  it('runs a whole batch through handleBatch', async () => {
    const done: string[] = [];
    const batches: string[][] = [];
    const retried: string[] = [];
    await runBatch(batchJob(done, batches), [item('a'), item('b')], 3, async (_job, i) => { retried.push(i.id); });
    expect(batches).toEqual([['a', 'b']]);
    expect(done).toEqual(['a', 'b']);
    expect(retried).toEqual([]);
  });

  it('after a failed batch, runs each job on its own and sends again only the one that fails alone', async () => {
    const done: string[] = [];
    const batches: string[][] = [];
    const retried: { id: string; reason: string }[] = [];
    await runBatch(batchJob(done, batches), [item('a'), item('bad'), item('c')], 3, async (_job, i, reason) => {
      retried.push({ id: i.id, reason: (reason as Error).message });
    });
    expect(batches).toEqual([['a', 'bad', 'c']]);
    expect(done.sort()).toEqual(['a', 'c']);
    expect(retried).toEqual([{ id: 'bad', reason: 'bad job' }]);
  });

  it('leaves a batch of one that fails to the queue\'s own retry', async () => {
    await expect(runBatch(batchJob([], []), [item('bad')], 3, async () => {})).rejects.toThrow('the batch failed');
  });
});
