import { afterAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';

// The account settings each process keeps (cached-settings.ts) against a real database: served
// without a query once read, and forgotten on the next read after any change to them, made by
// this process or by another writer.

const { closeDatabase, getDb } = await import('@/db');
const { sql } = await import('drizzle-orm');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { notifiedCache } = await import('@/lib/cache/notified-cache');
const { accountSettings } = await import('./cached-settings');
const { accountCountry } = await import('@/lib/contacts/account-country');
const { updateAccount } = await import('./update');
const { changeElsewhere, untilCached } = await import('@/lib/test-support/elsewhere');

const cache = notifiedCache<unknown>('accounts');

afterAll(async () => {
  await closeDatabase();
});

describe('account settings cache', () => {
  it('reads several accounts at once, leaving out one that does not exist', async () => {
    const db = await getDb();
    const a = await seedTestAccount(db, { country: 'MX' });
    const b = await seedTestAccount(db, { country: 'BR' });
    const found = await accountSettings(db, [a.account_id, b.account_id, a.account_id, -1]);
    expect([...found.keys()].sort()).toEqual([a.account_id, b.account_id].sort());
    expect(found.get(b.account_id)).toMatchObject({ id: b.account_id, country: 'BR', optOut: ['STOP', 'UNSUBSCRIBE'] });
  });

  it('follows a change made through the API in this process at once', async () => {
    const db = await getDb();
    const seeded = await seedTestAccount(db, { country: 'MX' });
    await untilCached(db, () => accountSettings(db, [seeded.account_id]));
    // Without the trigger's notification (the embedded engine delivers it before the update's
    // answer), so that only the process's own forgetting is seen.
    await db.execute(sql`alter table accounts disable trigger accounts_invalidate_accounts`);
    try {
      await updateAccount(db, seeded.account_id, { country: 'CO', opt_out_keywords: ['BAJA'] });
    } finally {
      await db.execute(sql`alter table accounts enable trigger accounts_invalidate_accounts`);
    }
    expect(await accountCountry(db, seeded.account_id)).toBe('CO');
    expect((await accountSettings(db, [seeded.account_id])).get(seeded.account_id)?.optOut).toEqual(['BAJA']);
  });

  it('hands out settings no caller can change for the others, and fills nothing from inside a transaction', async () => {
    const db = await getDb();
    const seeded = await seedTestAccount(db, { country: 'MX' });
    await untilCached(db, () => accountSettings(db, [seeded.account_id]));
    const shared = (await accountSettings(db, [seeded.account_id])).get(seeded.account_id)!;
    expect(() => shared.optOut.push('NO')).toThrow(TypeError);
    const other = await seedTestAccount(db, { country: 'PE' });
    await db.transaction(async (tx) => {
      await tx.execute(sql`update accounts set country = 'CL' where id = ${other.account_id}`);
      expect(await accountCountry(tx, other.account_id)).toBe('CL');
      tx.rollback();
    }).catch(() => {});
    expect(await accountCountry(db, other.account_id)).toBe('PE');
  });

  it('follows a change made by another writer on the next read', async () => {
    const db = await getDb();
    const seeded = await seedTestAccount(db, { country: 'MX' });
    await untilCached(db, () => accountSettings(db, [seeded.account_id]));
    await changeElsewhere(cache, `update accounts set has_working_hours = true, after_hours_response = 'Back at nine' where id = ${seeded.account_id}`);
    expect((await accountSettings(db, [seeded.account_id])).get(seeded.account_id))
      .toMatchObject({ hasWorkingHours: true, afterHoursResponse: 'Back at nine' });
    await untilCached(db, () => accountSettings(db, [seeded.account_id]));
    await changeElsewhere(cache, `update accounts set country = 'AR' where id = ${seeded.account_id}`);
    expect(await accountCountry(db, seeded.account_id)).toBe('AR');
  });
});
