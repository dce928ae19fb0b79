import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import '@/lib/test-support/unit-database';

// Uploads whose web process died mid-transfer are removed with their chunks; nothing else is.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { accounts } = await import('@/db/schema');
const { sweepAbandonedUploads } = await import('./sweep');
const { insertChunk } = await import('./chunks');

afterAll(async () => {
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
