import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import '@/lib/test-support/unit-database';

// A hand-written statement's rows read as records are what drizzle's own select gives.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { accounts, contacts } = await import('@/db/schema');
const { recordsOf } = await import('./records');

afterAll(async () => {
  await closeDatabase();
});

describe('recordsOf', () => {
  it('maps every column as drizzle maps it: names, dates, json, nulls, defaults', async () => {
    const db = await getDb();
    const [account] = await db.insert(accounts).values({ name: `records ${Date.now()}`, country: 'MX' }).returning();
    const raw = await execRows<Record<string, unknown>>(db, sql`insert into contacts (account_id, phone, canonical_phone, first_name, meta, created_on)
      values (${account.id}, '+52 55 1000 0001', '+525510000001', 'Zoë', ${JSON.stringify({ plan: 'pro' })}::jsonb, '2026-01-02T03:04:05.678Z')
      returning *`);
    const [mapped] = recordsOf(contacts, raw);
    const [selected] = await db.select().from(contacts).where(eq(contacts.accountId, account.id));
    expect(mapped).toEqual(selected);
    expect(mapped.createdOn).toBeInstanceOf(Date);
    expect(mapped.createdOn.toISOString()).toBe('2026-01-02T03:04:05.678Z');
    expect(mapped.meta).toEqual({ plan: 'pro' });
    expect(mapped.lastName).toBeNull();
  });
});
