import { afterAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { sql } from 'drizzle-orm';

// The web process's watermark of processed provider callbacks (what a resend after a worker's death
// waits for), against a real database.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { callbackClock, noteStatusArrival, ownWatermark, receivingCallback, writeWatermark } = await import('./status-arrivals');
const { accounts } = await import('@/db/schema');
const { createSandboxChannel } = await import('@/lib/channels/service');

/** This process's watermark and the database's now(), in ms. */
async function watermark() {
  const db = await getDb();
  const [row] = await execRows<{ now: string }>(db, sql`select (extract(epoch from now()) * 1000)::float8::text as now`);
  return { through: Number(await ownWatermark(db)), now: Number(row.now) };
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

    received.done(true);
    await writeWatermark();
    const moved = await watermark();
    expect(moved.through).toBeGreaterThan(held.through + 250);
  });

  it('a failed callback stops holding the watermark once the provider\'s copy of it is processed', async () => {
    const first = await receivingCallback('sha256=same-body');
    first.failed();
    const refused = await receivingCallback('sha256=same-body');
    refused.done(false); // a copy refused (say, a bad signature) releases nothing
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeWatermark();
    const held = await watermark();
    expect(held.now - held.through).toBeGreaterThanOrEqual(250);
    const again = await receivingCallback('sha256=same-body');
    again.done(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeWatermark();
    const { through, now } = await watermark();
    expect(now - through).toBeLessThan(250);
  });

  it('a callback whose processing failed keeps holding the watermark (its provider sends it again)', async () => {
    const received = await receivingCallback();
    received.failed();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeWatermark();
    const { through, now } = await watermark();
    expect(now - through).toBeGreaterThanOrEqual(250);
  });

  it('the last statuses of a busy spell count as an arrival, written as their window ends', async () => {
    const db = await getDb();
    const [account] = await db.insert(accounts).values({ name: `arrivals ${Date.now()}`, country: 'MX' }).returning();
    const channel = await createSandboxChannel(db, account.id);
    const arrival = async () => {
      const [row] = await execRows<{ at: string }>(db, sql`
        select (extract(epoch from last_on) * 1000)::float8::text as at from channel_status_arrivals where channel_id = ${channel.id}`);
      return row ? Number(row.at) : null;
    };
    await noteStatusArrival(db, channel.id, callbackClock());
    const first = await arrival();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await noteStatusArrival(db, channel.id, callbackClock()); // within the window: not written yet
    expect(await arrival()).toBe(first);
    await expect.poll(arrival, { timeout: 10_000, interval: 250 }).toBeGreaterThanOrEqual(first! + 150);
  });
});
