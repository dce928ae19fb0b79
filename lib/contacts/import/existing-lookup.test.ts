import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import '@/lib/test-support/unit-database';
import { rolledBack } from '@/lib/test-support/rolled-back';

// A batch of the import looks up which of its phones are already contacts. The lookup must probe
// the unique (account, phone) index once per phone even when the statistics still describe the
// account as empty, which is exactly the state of an account an import is filling.

const { closeDatabase, execRows, getDb } = await import('@/db');
type Executor = import('@/db').Executor;
const { accounts } = await import('@/db/schema');
const { existingContactsQuery } = await import('./write-batch');

afterAll(async () => {
  await closeDatabase();
});

async function accountWithContacts(db: Executor, count: number, prefix: string) {
  const [account] = await db.insert(accounts).values({ name: `lookup ${prefix} ${Date.now()}`, country: 'MX' }).returning();
  await db.execute(sql`
    insert into contacts (account_id, phone, canonical_phone, first_name, search_text, is_deleted)
    select ${account.id}, ${prefix} || n, ${prefix} || n, 'Name ' || n, n::text, n % 10 = 0
    from generate_series(1, ${count}) as n`);
  return account.id;
}

describe('existingContactsQuery', () => {
  it('returns the stored contacts among the phones, of this account only', async () => {
    await rolledBack(await getDb(), async (tx) => {
      const mine = await accountWithContacts(tx, 50, '+52551');
      await accountWithContacts(tx, 50, '+52551'); // the same phones in another account
      const rows = await execRows<{ canonical_phone: string; first_name: string; is_deleted: boolean }>(
        tx, existingContactsQuery(mine, ['+525511', '+5255110', '+52559999']),
      );
      expect(rows.map((r) => r.canonical_phone).sort()).toEqual(['+525511', '+5255110']);
      expect(rows.find((r) => r.canonical_phone === '+5255110')).toMatchObject({ first_name: 'Name 10', is_deleted: true });
    });
  });

  // Rolled back, so the statistics taken here do not change the plans of other test files that
  // share the database (the contact list's generic plan, lib/sql/page.test.ts).
  it('probes the (account, phone) index by phone while the statistics still say the account is empty', async () => {
    await rolledBack(await getDb(), async (tx) => {
      await tx.execute(sql`analyze contacts`); // statistics taken before the account had contacts
      const accountId = await accountWithContacts(tx, 5000, '+52552');
      const phones = Array.from({ length: 2000 }, (_, i) => `+52552${i * 3}`);
      const query = existingContactsQuery(accountId, phones);
      const plan = (await execRows<{ 'QUERY PLAN': string }>(tx, sql`explain (costs off) ${query}`))
        .map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Cond: \(\(account_id = \d+\) AND \(\(canonical_phone\)::text = p\.phone\)\)/);
      expect(plan).not.toMatch(/Filter/);
      const rows = await execRows<{ canonical_phone: string }>(tx, query);
      expect(rows).toHaveLength(phones.filter((p) => Number(p.slice(6)) >= 1 && Number(p.slice(6)) <= 5000).length);
    });
  });
});
