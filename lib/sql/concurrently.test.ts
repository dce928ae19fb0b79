import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { sql } from 'drizzle-orm';
import { databaseError } from '@/lib/errors/describe';
import { concurrently } from './concurrently';

// Steps of one transaction issued together (lib/sql/concurrently.ts), against a real database (the
// embedded engine, or the scratch Postgres in TEST_DATABASE_URL): they run in the order issued,
// and a failure is thrown only once every step has settled.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { stopQueue } = await import('@/lib/jobs/queue');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;
const table = `concurrently_${process.pid}_${Date.now()}`;

beforeAll(async () => {
  db = await getDb();
  await db.execute(sql.raw(`create table ${table} (id int primary key, n int not null)`));
});

afterAll(async () => {
  await db.execute(sql.raw(`drop table if exists ${table}`));
  await stopQueue();
  await closeDatabase();
});

describe('concurrently', () => {
  it('gives each step its result, in the order given', async () => {
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('late'), 20));
    expect(await concurrently(() => late, () => Promise.resolve(1), () => Promise.resolve(null))).toEqual(['late', 1, null]);
  });

  it('runs statements issued together in the order they were issued, in one transaction', async () => {
    const t = sql.raw(table);
    const [, , rows] = await db.transaction((tx) => concurrently(
      // A query builder starts only when awaited: concurrently starts it in its turn.
      () => tx.execute(sql`insert into ${t} (id, n) values (1, 1)`),
      // Relies on the insert's effect, not on its answer.
      () => execRows(tx, sql`update ${t} set n = n + 1 where id = 1`),
      () => execRows<{ n: number }>(tx, sql`select n from ${t} where id = 1`),
    ));
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('throws the first failure only once every step has settled, and the transaction rolls back', async () => {
    const t = sql.raw(table);
    let laterSettled = false;
    const attempt = db.transaction((tx) => concurrently(
      () => tx.execute(sql`insert into ${t} (id, n) values (2, 1)`),
      () => tx.execute(sql`insert into ${t} (id, n) values (2, 1)`), // the same key: refused
      () => execRows(tx, sql`select 1`), // refused too: the transaction is aborted by then
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        laterSettled = true;
      },
    ));
    const error = await attempt.then(() => null, (e: unknown) => e);
    expect(databaseError(error)?.code).toBe('23505'); // the first failure, not the aborted transaction's
    expect(laterSettled).toBe(true);
    expect(await execRows(db, sql`select id from ${t} where id = 2`)).toEqual([]);
  });
});
