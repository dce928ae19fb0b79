import { afterAll, describe, expect, it } from 'vitest';
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import '@/lib/test-support/unit-database';

// Several processes starting together on a fresh Postgres database set up their queues one after
// another: pg-boss's own queue creation deadlocks when they do it at once. Two pg-boss instances
// on a schema of their own stand in for two processes.

const { closeDatabase, database } = await import('@/db');
const { oneProcessAtATime } = await import('./queue');
const { ensureQueues, QUEUES } = await import('./queues');

afterAll(async () => {
  await closeDatabase();
});

describe('queue set-up', () => {
  it('succeeds for processes starting together on a fresh database', async () => {
    const { kind, url, db } = await database();
    // The embedded database belongs to one process: nothing to race with there.
    if (kind !== 'postgres') return;
    const schema = `pgboss_setup_${Date.now()}`;
    const bosses = [0, 1, 2].map(() => new PgBoss({ connectionString: url!, schema, max: 2 }));
    try {
      for (const boss of bosses) boss.on('error', () => {});
      await Promise.all(bosses.map((boss) => boss.start()));
      await Promise.all(bosses.map((boss) => oneProcessAtATime(() => ensureQueues(boss))));
      const queues = await bosses[0].getQueues();
      expect(queues.map((q) => q.name).filter((name) => !name.startsWith('__pgboss')).sort()).toEqual(Object.values(QUEUES).map((q) => q.name).sort());
    } finally {
      await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, wait: true }).catch(() => {})));
      await db.execute(sql.raw(`drop schema if exists ${schema} cascade`));
    }
  });
});
