import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { sql } from 'drizzle-orm';

// Migration 0032 gives Brazilian mobiles stored in their eight-digit form the ninth digit, and their
// search key with it; a contact whose nine-digit number is already stored keeps its own, and no other
// number moves. Run here again over contacts of each kind.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { accounts } = await import('@/db/schema');
const { stopQueue } = await import('@/lib/jobs/queue');
const { contactSearchText } = await import('@/lib/contacts/search-text');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;
let accountId: number;
const MIGRATION = fs.readFileSync(path.join(__dirname, 'migrations/0032_brazil_ninth_digit.sql'), 'utf8');

beforeAll(async () => {
  db = await getDb();
  [{ id: accountId }] = await db.insert(accounts).values({ name: 'Ninth digit', country: 'BR' }).returning();
});
afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

it('moves eight-digit Brazilian mobiles to their nine-digit number, with their search key', async () => {
  const stored = ['+551173684111', '+552173684112', '+551173684113', '+5511973684113', '+551133684111', '+525573684111'];
  for (const phone of stored) {
    const searchText = contactSearchText({ canonicalPhone: phone, firstName: 'Bia' });
    await db.execute(sql`insert into contacts (account_id, phone, canonical_phone, search_text) values (${accountId}, ${phone}, ${phone}, ${searchText})`);
  }
  await db.execute(sql.raw(MIGRATION));
  const rows = await execRows<{ phone: string; canonical_phone: string; search_text: string; indexed: string }>(db, sql`
    select c.phone, c.canonical_phone, c.search_text, s.search_text as indexed
    from contacts c join contact_search s on s.contact_id = c.id where c.account_id = ${accountId} order by c.phone`);
  const byPhone = new Map(rows.map((r) => [r.phone, r]));
  expect(byPhone.get('+551173684111')).toMatchObject({ canonical_phone: '+5511973684111', search_text: '5511973684111 bia', indexed: '5511973684111 bia' });
  expect(byPhone.get('+552173684112')).toMatchObject({ canonical_phone: '+5521973684112', search_text: '5521973684112 bia' });
  // Its nine-digit number is another contact already: both stay as they are.
  expect(byPhone.get('+551173684113')).toMatchObject({ canonical_phone: '+551173684113', search_text: '551173684113 bia' });
  expect(byPhone.get('+5511973684113')).toMatchObject({ canonical_phone: '+5511973684113' });
  // A landline and another country's number do not move.
  expect(byPhone.get('+551133684111')).toMatchObject({ canonical_phone: '+551133684111' });
  expect(byPhone.get('+525573684111')).toMatchObject({ canonical_phone: '+525573684111' });
});
