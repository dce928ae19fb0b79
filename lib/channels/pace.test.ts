import { afterAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';

// Each channel's limit, held by reservations in the database (the embedded engine in memory, or the
// scratch Postgres database in TEST_DATABASE_URL): senders racing for slots, as several worker
// processes do, never put more sends than the limit in any one-second window, and between them
// keep the channel close to its limit.

const { closeDatabase, getDb } = await import('@/db');
const { accounts, channels } = await import('@/db/schema');
const { burstSize, LATE_TOLERANCE_S, pauseChannel, reserveBurst, slotSeconds } = await import('./pace');

afterAll(async () => {
  await closeDatabase();
});

async function channel(limit: number) {
  const db = await getDb();
  const [account] = await db.insert(accounts).values({ name: `pace ${Date.now()}`, country: 'MX' }).returning();
  const [row] = await db.insert(channels).values({
    accountId: account.id, channelId: `pace${Date.now()}`, channelProvider: 'PROVIDER_SANDBOX', name: 'Pace', rateLimitPerSecond: limit,
  }).returning();
  return { db, id: row.id };
}

/** The most sends in any one-second window. */
function busiest(at: number[]): number {
  const sorted = [...at].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe('channel pace', () => {
  it('leaves room in every window for a burst and a late slot, and keeps most of the limit', () => {
    for (const limit of [1, 2, 5, 80, 250, 999, 1000]) {
      // Bursts start a burst's worth of slots apart and each goes out within the tolerance of its
      // slot: a one-second window holds the bursts whose slots lie within 1 s + the tolerance.
      const period = burstSize(limit) * slotSeconds(limit);
      const bursts = Math.floor((1 + LATE_TOLERANCE_S) / period) + 1;
      expect(bursts * burstSize(limit), `limit ${limit}`).toBeLessThanOrEqual(limit);
      if (limit >= 80) expect(1 / slotSeconds(limit) / limit).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('senders racing for the slots stay within the limit in every one-second window', async () => {
    const limit = 200;
    const { db, id } = await channel(limit);
    const fired: number[] = [];
    const sender = async (bursts: number) => {
      for (let i = 0; i < bursts; i++) {
        const size = burstSize(limit);
        const { waitMs } = await reserveBurst(db, id, limit, size);
        await new Promise((r) => setTimeout(r, waitMs));
        for (let k = 0; k < size; k++) fired.push(Date.now());
      }
    };
    const started = Date.now();
    await Promise.all([sender(40), sender(40), sender(40)]);
    const seconds = (Date.now() - started) / 1000;
    expect(fired).toHaveLength(240);
    expect(busiest(fired)).toBeLessThanOrEqual(limit);
    expect(fired.length / seconds).toBeGreaterThan(limit * 0.75); // close to the pace, on a loaded machine too
  });

  it('a throttling answer pauses the channel for every sender', async () => {
    const { db, id } = await channel(100);
    await reserveBurst(db, id, 100, 1);
    await pauseChannel(db, id, 2);
    const { waitMs } = await reserveBurst(db, id, 100, 1);
    expect(waitMs).toBeGreaterThan(1500);
  });
});
