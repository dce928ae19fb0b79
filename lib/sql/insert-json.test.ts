import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import '@/lib/test-support/unit-database';

// Rows stored through one JSON parameter come back as drizzle's own insert would store them.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { accounts, contacts } = await import('@/db/schema');
const { insertRowsFromJson } = await import('./insert-json');

afterAll(async () => {
  await closeDatabase();
});

describe('insertRowsFromJson', () => {
  it('stores every given column with its type, and defaults for the rest', async () => {
    const db = await getDb();
    const [account] = await db.insert(accounts).values({ name: `json rows ${Date.now()}`, country: 'MX' }).returning();
    const createdOn = new Date('2026-01-02T03:04:05.678Z');
    const rows: (typeof contacts.$inferInsert)[] = [
      { accountId: account.id, phone: '+52 55 1000 0001', canonicalPhone: '+525510000001', firstName: 'Zoë "Q"', meta: { plan: 'pro', 'Lifetime Value': '1,5 "x" ü' }, createdOn, searchText: 'a' },
      { accountId: account.id, phone: '+525510000002', canonicalPhone: '+525510000002', firstName: null, meta: {}, createdOn, searchText: 'b' },
    ];
    const inserted = await execRows<{ id: string }>(db, sql`${insertRowsFromJson(contacts, rows)} returning id`);
    expect(inserted).toHaveLength(2);
    const stored = await db.select().from(contacts).where(eq(contacts.accountId, account.id)).orderBy(contacts.canonicalPhone);
    expect(stored.map((c) => [c.phone, c.firstName, c.meta, c.createdOn.toISOString(), c.isDeleted, c.source])).toEqual([
      ['+52 55 1000 0001', 'Zoë "Q"', { plan: 'pro', 'Lifetime Value': '1,5 "x" ü' }, createdOn.toISOString(), false, stored[0].source],
      ['+525510000002', null, {}, createdOn.toISOString(), false, stored[0].source],
    ]);
    // What drizzle's own insert leaves to the column default is the same here.
    const [plain] = await db.insert(contacts).values({ accountId: account.id, phone: '3', canonicalPhone: '+525510000003' }).returning();
    expect(stored[0].source).toBe(plain.source);
    expect(stored[0].phoneStatus).toBe(plain.phoneStatus);
  });

  it('refuses rows that differ in the columns they give', () => {
    expect(() => insertRowsFromJson(contacts, [
      { accountId: 1, phone: '1', canonicalPhone: '+1' },
      { accountId: 1, phone: '2', canonicalPhone: '+2', firstName: 'x' },
    ])).toThrow(/rows differ in whether they give firstName/);
    expect(() => insertRowsFromJson(contacts, [])).toThrow(/at least one row/);
  });
});
