import { afterAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { sql } from 'drizzle-orm';

// The web process's watermark of processed provider callbacks (what a resend after a worker's death
// waits for), against a real database.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { callbacksProcessedThrough, receivingCallback, writeWatermark } = await import('./status-arrivals');

/** The least live watermark, as a resend reads it, and the database's now(), in ms. */
async function watermark() {
  const db = await getDb();
  const [row] = await execRows<{ through: string; now: string }>(db, sql`select
    (extract(epoch from ${callbacksProcessedThrough}) * 1000)::float8::text as through, (extract(epoch from now()) * 1000)::float8::text as now`);
  return { through: Number(row.through), now: Number(row.now) };
}

afterAll(async () => {
  // The watermark held here would hold back the resends other test files expect in this database.
  await (await getDb()).execute(sql`delete from callback_watermarks`);
  await closeDatabase();
});

describe('callback watermark', () => {
  it('stays at a callback\'s receipt while it is processed, never later, and moves on once it is done', async () => {
    const db = await getDb();
    const [before] = await execRows<{ now: string }>(db, sql`select (extract(epoch from clock_timestamp()) * 1000)::float8::text as now`);
    const received = await receivingCallback();
    const [after] = await execRows<{ now: string }>(db, sql`select (extract(epoch from clock_timestamp()) * 1000)::float8::text as now`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeWatermark();
    const held = await watermark();
    // In the database's clock, at or before the moment the callback came in.
    expect(held.through).toBeLessThanOrEqual(Number(after.now));
    expect(held.through).toBeGreaterThan(Number(before.now) - 1000);
    expect(held.now - held.through).toBeGreaterThanOrEqual(250);

    received.done();
    await writeWatermark();
    const moved = await watermark();
    expect(moved.through).toBeGreaterThan(held.through + 250);
  });

  it('a callback whose processing failed keeps holding the watermark (its provider sends it again)', async () => {
    const received = await receivingCallback();
    received.failed();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeWatermark();
    const { through, now } = await watermark();
    expect(now - through).toBeGreaterThanOrEqual(250);
  });
});
