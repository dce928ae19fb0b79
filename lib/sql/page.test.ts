import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import '@/lib/test-support/unit-database';
import { rolledBack } from '@/lib/test-support/rolled-back';
import type { Page } from '@/lib/api/pagination';
import type { SerializedContact } from '@/lib/contacts/serializer';

// List pages write their size into the statement and bind only a deeper page's offset, so
// Postgres can keep one generic plan per page size instead of planning every request.

const { closeDatabase, database, execRows, getDb } = await import('@/db');
const { accounts, contacts } = await import('@/db/schema');
const { listContacts } = await import('@/lib/contacts/list');
const { addToContactCount } = await import('@/lib/contacts/counter');
const { pageRequest } = await import('@/lib/api/pagination');
const { pageLimit } = await import('./page');

const render = (page: { page: number; pageSize: number; offset: number }) => {
  const { sql: text, params } = new PgDialect().sqlToQuery(sql`select 1 ${pageLimit(page)}`);
  return { sql: text, params };
};

afterAll(async () => {
  await closeDatabase();
});

describe('pageLimit', () => {
  it('writes the page size into the text and binds only a deeper page\'s offset', () => {
    expect(render({ page: 1, pageSize: 20, offset: 0 })).toEqual({ sql: 'select 1 limit 20', params: [] });
    expect(render({ page: 3, pageSize: 50, offset: 100 })).toEqual({ sql: 'select 1 limit 50 offset $1', params: [100] });
  });

  it('refuses anything but whole numbers, so nothing else reaches the text', () => {
    for (const bad of [{ pageSize: 1.5, offset: 0 }, { pageSize: 0, offset: 0 }, { pageSize: 20, offset: -20 }, { pageSize: NaN, offset: 0 }]) {
      expect(() => render({ page: 1, ...bad })).toThrow(/invalid page/);
    }
  });

  it('pages the contact list as before', async () => {
    const db = await getDb();
    const [account] = await db.insert(accounts).values({ name: `pages ${Date.now()}`, country: 'MX' }).returning();
    await db.insert(contacts).values(Array.from({ length: 5 }, (_, i) => ({
      accountId: account.id, phone: `+52551000000${i}`, canonicalPhone: `+52551000000${i}`, searchText: `52551000000${i}`,
      createdOn: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })));
    await addToContactCount(db, account.id, 5);
    const page = async (query: string) => {
      const url = new URL(`http://x/api/contact?${query}`);
      return JSON.parse(await listContacts(db, account.id, url, pageRequest(url), {})) as Page<SerializedContact>;
    };
    const first = await page('page_size=2');
    const third = await page('page_size=2&page=3');
    expect(first.results.map((c) => c.phone)).toEqual(['+525510000004', '+525510000003']);
    expect(third.results.map((c) => c.phone)).toEqual(['+525510000000']);
    expect(third.next).toBeNull();

    // On Postgres, the first page's statement is soon run from a generic plan (one connection:
    // prepared statements belong to a session). PGlite runs statements unprepared.
    // Postgres keeps a generic plan once it costs no more than the custom ones. With statistics
    // skewed by other test files sharing the database (an import's ANALYZE after 3,000 contacts in
    // one account), a 5-contact account's custom plans look cheaper and it never would; so the check
    // runs on an account of 200, with per-column statistics taken in a transaction that is rolled back.
    if ((await database()).kind !== 'postgres') return;
    let plans: { generic_plans: number }[] = [];
    await rolledBack(db, async (tx) => {
      const [big] = await tx.insert(accounts).values({ name: `pages big ${Date.now()}`, country: 'MX' }).returning();
      await tx.execute(sql`
        insert into contacts (account_id, phone, canonical_phone, search_text)
        select ${big.id}, '+5255' || n, '+5255' || n, n::text from generate_series(1000000, 1000199) as n`);
      await tx.execute(sql`analyze contacts`);
      const url = new URL('http://x/api/contact');
      for (let i = 0; i < 8; i++) await listContacts(tx as never, big.id, url, pageRequest(url), {});
      plans = await execRows<{ generic_plans: number }>(tx, sql`
        select generic_plans from pg_prepared_statements where statement like '%from contacts c%limit 20)%'`);
    });
    expect(plans.length).toBe(1);
    expect(Number(plans[0].generic_plans)).toBeGreaterThan(0);
  });
});
