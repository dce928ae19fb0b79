import { afterAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';

// A job enqueued for a queue this process does not work is announced to the processes that do,
// by a notification Postgres delivers when the enqueuing transaction commits (and never when it
// rolls back). A queue worked here is woken locally, without a notification.

const { closeDatabase, database, getDb } = await import('@/db');
const { enqueue, enqueueMany } = await import('./enqueue');
const { queue, stopQueue } = await import('./queue');
const { QUEUES } = await import('./queues');
const { addWorker, JOB_CHANNEL, stopWorkers } = await import('./wake');

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function announcements() {
  await queue(); // started before any transaction, as at server start (PGlite is one connection)
  const heard: string[] = [];
  const listener = (await database()).listen(JOB_CHANNEL, {
    onNotify: (name) => heard.push(name), onListening: () => {}, onLost: () => {},
  });
  for (let i = 0; i < 200 && !listener.listening; i++) await sleep(10);
  expect(listener.listening).toBe(true);
  return heard;
}

describe('enqueue announcements', () => {
  it('go out at commit for queues worked elsewhere, never on rollback', async () => {
    const heard = await announcements();
    const db = await getDb();
    const before = heard.length;
    await db.transaction(async (tx) => {
      await enqueue(tx, QUEUES.sandboxStatus.name, { test: 'announce' });
      await enqueueMany(tx, [{ name: QUEUES.webhookDeliver.name, data: { test: 1 } }, { name: QUEUES.webhookDeliver.name, data: { test: 2 } }]);
      await sleep(50);
      expect(heard.length).toBe(before); // not before the jobs are visible
    });
    for (let i = 0; i < 100 && heard.length < before + 2; i++) await sleep(10);
    expect(heard.slice(before).sort()).toEqual([QUEUES.sandboxStatus.name, QUEUES.webhookDeliver.name]);

    await db.transaction(async (tx) => {
      await enqueue(tx, QUEUES.sandboxStatus.name, { test: 'rolled back' });
      tx.rollback();
    }).catch(() => {});
    await sleep(100);
    expect(heard.length).toBe(before + 2);
  });

  it('are not sent for a queue this process works: its own workers are woken', async () => {
    const heard = await announcements();
    const db = await getDb();
    let woken = 0;
    addWorker(QUEUES.messageSend.name, { wake: () => { woken += 1; }, stop: async () => {} });
    try {
      const before = heard.length;
      await db.transaction(async (tx) => { await enqueue(tx, QUEUES.messageSend.name, { test: 'local' }); });
      await sleep(200);
      expect(heard.length).toBe(before);
      expect(woken).toBeGreaterThan(0);
    } finally {
      await stopWorkers(0);
    }
  });
});
