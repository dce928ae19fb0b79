import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import '@/lib/test-support/unit-database';

// Uploads whose web process died mid-transfer are removed with their chunks; nothing else is.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { accounts } = await import('@/db/schema');
const { resumeStalledImports, sweepAbandonedUploads } = await import('./sweep');
const { queue, stopQueue } = await import('@/lib/jobs/queue');
const { insertChunk } = await import('./chunks');

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

describe('sweepAbandonedUploads', () => {
  it('removes old uploads that never received their whole body, and their chunks, only', async () => {
    const db = await getDb();
    const [account] = await db.insert(accounts).values({ name: `sweep ${Date.now()}`, country: 'MX' }).returning();
    const make = async (status: string, byteSize: number, hoursAgo: number) => {
      const [{ id }] = await execRows<{ id: string }>(db, sql`
        insert into contact_imports (account_id, status, byte_size, created_on)
        values (${account.id}, ${status}::contact_import_status, ${byteSize}, now() - make_interval(hours => ${hoursAgo}))
        returning id`);
      await insertChunk(db, id, 0, new TextEncoder().encode('phone\n+5215512345678\n'));
      return id;
    };
    const abandoned = await make('PENDING', 0, 7);
    const receiving = await make('PENDING', 0, 1); // a (slow) upload still arriving
    const queued = await make('PENDING', 21, 7); // uploaded, waiting for a worker
    const done = await make('COMPLETED', 21, 30);
    const failed = await make('FAILED', 0, 30);

    // Counts are database-wide (other runs may have left old rows): this account's rows are checked.
    expect(await sweepAbandonedUploads(db)).toBeGreaterThanOrEqual(1);
    const left = await execRows<{ id: string }>(db, sql`select id from contact_imports where account_id = ${account.id}`);
    expect(left.map((r) => r.id).sort()).toEqual([receiving, queued, done, failed].sort());
    const chunks = await execRows<{ import_id: string }>(db, sql`
      select import_id from contact_import_chunks where import_id in (${abandoned}, ${receiving})`);
    expect(chunks.map((c) => c.import_id)).toEqual([receiving]);
    await sweepAbandonedUploads(db);
    expect((await execRows(db, sql`select id from contact_imports where account_id = ${account.id}`)).length).toBe(4);
  });
});

describe('resumeStalledImports', () => {
  it('gives a new job to each import whose batches stopped, and leaves the others', async () => {
    const db = await getDb();
    await queue(); // started before a transaction enqueues, as at server start
    const [account] = await db.insert(accounts).values({ name: `resume ${Date.now()}`, country: 'MX' }).returning();
    const make = async (status: string, secondsAgo: number | null) => {
      const [{ id }] = await execRows<{ id: string }>(db, sql`
        insert into contact_imports (account_id, status, byte_size, heartbeat_on)
        values (${account.id}, ${status}::contact_import_status, 21,
          ${secondsAgo === null ? null : sql`now() - make_interval(secs => ${secondsAgo})`})
        returning id`);
      return id;
    };
    const stalled = await make('PROCESSING', 120);
    const running = await make('PROCESSING', 5);
    const done = await make('COMPLETED', 600);
    const resumed = await resumeStalledImports(db);
    expect(resumed).toContain(stalled);
    expect(resumed).not.toContain(running);
    expect(resumed).not.toContain(done);
    const jobs = await execRows<{ id: string }>(db, sql`
      select data->>'importId' as id from pgboss.job where name = 'contact-import' and data->>'importId' = ${stalled}`);
    expect(jobs).toHaveLength(1);
    // Taken up: not again until it stalls once more.
    expect(await resumeStalledImports(db)).not.toContain(stalled);
  });
});
