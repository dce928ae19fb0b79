import { afterEach, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { BESIDE_AFTER_MS, startJobWorker, type JobWorker } from './job-worker';
import type { JobDefinition } from './registry';

// The worker against a queue held in memory: how many fetches it makes, what it runs together,
// and what it marks completed or failed.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class FakeQueue {
  waiting: PgBoss.Job<unknown>[] = [];
  fetches: number[] = [];
  completed: string[] = [];
  failed: string[] = [];
  private next = 0;

  add(count: number, expireInSeconds = 60) {
    for (let i = 0; i < count; i++) {
      const id = `j${++this.next}`;
      this.waiting.push({ id, name: 'q', data: { id }, expireInSeconds } as unknown as PgBoss.Job<unknown>);
    }
  }

  boss = {
    fetch: async (_name: string, options: { batchSize: number }) => {
      await sleep(2); // a round trip
      this.fetches.push(options.batchSize);
      return this.waiting.splice(0, options.batchSize);
    },
    complete: async (_name: string, ids: string | string[]) => { this.completed.push(...[ids].flat()); },
    fail: async (_name: string, ids: string | string[]) => { this.failed.push(...[ids].flat()); },
  } as unknown as Pick<PgBoss, 'fetch' | 'complete' | 'fail'>;
}

const started: JobWorker[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((w) => w.stop(0)));
});

/** `runBatch` defaults to running each job through the kind's `handle`, as workers.ts does for a slot's one job. */
function start(queue: FakeQueue, job: Partial<JobDefinition<never>>, runBatch?: (items: PgBoss.Job<unknown>[]) => Promise<void>) {
  const definition = { name: 'message-send', concurrency: 4, handle: async () => {}, ...job } as JobDefinition<never>;
  const worker = startJobWorker(definition, {
    boss: queue.boss, pollMs: 60_000,
    runBatch: runBatch ?? (async (items) => { for (const item of items) await definition.handle(item.data as never, item as never); }),
  });
  started.push(worker);
  return worker;
}

async function until(check: () => boolean, ms = 2000) {
  for (let waited = 0; !check() && waited < ms; waited += 5) await sleep(5);
  expect(check()).toBe(true);
}

describe('job worker', () => {
  it('makes one fetch for a burst of wakes, and fetches what came meanwhile in one more', async () => {
    const queue = new FakeQueue();
    const batches: string[][] = [];
    const worker = start(queue, { batchSize: 100 }, async (items) => { batches.push(items.map((i) => i.id)); await sleep(40); });
    await until(() => queue.fetches.length === 1); // the first look, at start: nothing there
    queue.add(1);
    for (let i = 0; i < 50; i++) worker.wake();
    await until(() => batches.length === 1);
    for (let i = 0; i < 9; i++) {
      queue.add(1);
      worker.wake();
    }
    await until(() => queue.completed.length === 10);
    // The jobs woken for while the first batch ran went in the next fetch, together.
    expect(batches).toEqual([['j1'], ['j2', 'j3', 'j4', 'j5', 'j6', 'j7', 'j8', 'j9', 'j10']]);
    expect(queue.fetches.length).toBe(3);
  });

  it('fetches what arrives while a short batch runs once it ends, not beside it', async () => {
    const queue = new FakeQueue();
    const batches: string[][] = [];
    const worker = start(queue, { batchSize: 100 }, async (items) => { batches.push(items.map((i) => i.id)); await sleep(BESIDE_AFTER_MS / 2); });
    queue.add(1);
    worker.wake();
    await until(() => batches.length === 1);
    queue.add(3);
    worker.wake();
    await sleep(5);
    expect(batches.length).toBe(1); // waits for the running batch
    await until(() => queue.completed.length === 4);
    expect(batches).toEqual([['j1'], ['j2', 'j3', 'j4']]);
  });

  it('starts a batch beside a long-running one, up to its concurrency', async () => {
    const queue = new FakeQueue();
    let running = 0;
    let most = 0;
    const worker = start(queue, { batchSize: 2, concurrency: 3 }, async () => {
      running += 1;
      most = Math.max(most, running);
      await sleep(BESIDE_AFTER_MS * 3);
      running -= 1;
    });
    queue.add(10);
    worker.wake();
    await until(() => queue.completed.length === 10, 5000);
    expect(most).toBe(3);
    expect(queue.failed).toEqual([]);
  });

  it('with a backlog (a full fetch), starts the next batches beside at once', async () => {
    const queue = new FakeQueue();
    let running = 0;
    const worker = start(queue, { batchSize: 2, concurrency: 3 }, async () => { running += 1; await sleep(BESIDE_AFTER_MS * 4); running -= 1; });
    await until(() => queue.fetches.length === 1);
    queue.add(10);
    worker.wake();
    await sleep(BESIDE_AFTER_MS / 2);
    expect(running).toBe(3);
  });

  it('runs slot jobs one per slot, each completed or failed on its own', async () => {
    const queue = new FakeQueue();
    let running = 0;
    let most = 0;
    const worker = start(queue, {
      slots: 3, concurrency: 0,
      handle: async (data: never) => {
        running += 1;
        most = Math.max(most, running);
        await sleep(10);
        running -= 1;
        if ((data as { id: string }).id === 'j2') throw new Error('refused');
      },
    });
    queue.add(7);
    worker.wake();
    await until(() => queue.completed.length + queue.failed.length === 7);
    expect(most).toBe(3);
    expect(queue.failed).toEqual(['j2']);
    expect(queue.fetches[0]).toBe(3); // as many as there are free slots
  });

  it('fetches again at once after a full batch', async () => {
    const queue = new FakeQueue();
    const worker = start(queue, { batchSize: 5, concurrency: 1 }, async () => {});
    queue.add(12);
    worker.wake();
    await until(() => queue.completed.length === 12);
    expect(queue.waiting).toEqual([]);
  });

  it('fails a batch that throws, and one running past its expiry, freeing its place', async () => {
    const queue = new FakeQueue();
    const worker = start(queue, { batchSize: 10, concurrency: 1 }, async (items) => {
      if (items[0].id === 'j1') throw new Error('broken');
      if (items[0].id === 'j2') await new Promise(() => {}); // never ends
    });
    queue.add(1);
    worker.wake();
    await until(() => queue.failed.length === 1);
    queue.add(1, 0.05); // expires after 50 ms: the worker's least is a second
    worker.wake();
    await until(() => queue.failed.length === 2, 3000);
    queue.add(1);
    worker.wake();
    await until(() => queue.completed.length === 1);
    expect(queue.failed).toEqual(['j1', 'j2']);
    expect(queue.completed).toEqual(['j3']);
  });

  it('on stop, lets running jobs finish within the time given and fails those still running after it', async () => {
    const queue = new FakeQueue();
    const worker = start(queue, { slots: 2, concurrency: 0, handle: async (data: never) => { await sleep((data as { id: string }).id === 'j1' ? 20 : 10_000); } });
    queue.add(2);
    worker.wake();
    await until(() => queue.fetches.some((n) => n === 2));
    await worker.stop(200);
    expect(queue.completed).toEqual(['j1']);
    expect(queue.failed).toEqual(['j2']);
    queue.add(1);
    worker.wake();
    await sleep(20);
    expect(queue.waiting.length).toBe(1); // a stopped worker fetches nothing
  });

  it('on stop during a fetch, runs what the fetch took and waits for it', async () => {
    const queue = new FakeQueue();
    const ran: string[] = [];
    const worker = start(queue, { batchSize: 10, concurrency: 1 }, async (items) => { await sleep(20); ran.push(...items.map((i) => i.id)); });
    await until(() => queue.fetches.length === 1);
    queue.add(2);
    worker.wake(); // a fetch is now in flight (it answers after 2 ms)
    await worker.stop(1000);
    expect(ran).toEqual(['j1', 'j2']);
    expect(queue.completed).toEqual(['j1', 'j2']);
    expect(queue.failed).toEqual([]);
  });
});
