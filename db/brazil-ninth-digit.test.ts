import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { sql } from 'drizzle-orm';

// Migration 0032 gives Brazilian mobiles stored in their eight-digit form the ninth digit, with their
// search key and their broadcast recipients; a contact whose nine-digit number is already stored
// keeps its own and hands its opt-out to that contact; no other number moves. Run here again over
// contacts of each kind.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { accounts } = await import('@/db/schema');
const { stopQueue } = await import('@/lib/jobs/queue');
const { contactSearchText } = await import('@/lib/contacts/search-text');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;
let accountId: number;
const MIGRATION = fs.readFileSync(path.join(__dirname, 'migrations/0032_brazil_ninth_digit.sql'), 'utf8').split('--> statement-breakpoint');

beforeAll(async () => {
  db = await getDb();
  [{ id: accountId }] = await db.insert(accounts).values({ name: 'Ninth digit', country: 'BR' }).returning();
});
afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

it('moves eight-digit Brazilian mobiles to their nine-digit number, with their search key and broadcast recipients', async () => {
  const stored = ['+551173684111', '+552173684112', '+551173684113', '+5511973684113', '+551133684111', '+525573684111'];
  for (const phone of stored) {
    const searchText = contactSearchText({ canonicalPhone: phone, firstName: 'Bia' });
    const optedOut = phone === '+551173684113' ? '2026-01-02T03:04:05Z' : null;
    await db.execute(sql`insert into contacts (account_id, phone, canonical_phone, search_text, opted_out_on, last_updated_on)
      values (${accountId}, ${phone}, ${phone}, ${searchText}, ${optedOut}::timestamptz, now() - interval '1 day')`);
  }
  // Another account holding the nine-digit number does not keep this one's contact from moving.
  const [other] = await db.insert(accounts).values({ name: 'Other', country: 'BR' }).returning();
  await db.execute(sql`insert into contacts (account_id, phone, canonical_phone, search_text) values (${other.id}, '+5521973684112', '+5521973684112', '')`);
  const [broadcast] = await execRows<{ id: number }>(db, sql`insert into broadcasts (account_id, name) values (${accountId}, 'B') returning id`);
  for (const phone of ['+551173684111', '+551173684113', '+5511973684113', '+525573684111']) {
    await db.execute(sql`insert into broadcast_recipients (broadcast_id, phone, canonical_phone) values (${broadcast.id}, ${phone}, ${phone})`);
  }

  for (const statement of MIGRATION) await db.execute(sql.raw(statement));

  const rows = await execRows<{ phone: string; canonical_phone: string; search_text: string; indexed: string; opted_out_on: Date | null; fresh: boolean }>(db, sql`
    select c.phone, c.canonical_phone, c.search_text, s.search_text as indexed, c.opted_out_on, c.last_updated_on > now() - interval '1 hour' as fresh
    from contacts c join contact_search s on s.contact_id = c.id where c.account_id = ${accountId} order by c.phone`);
  const byPhone = new Map(rows.map((r) => [r.phone, r]));
  expect(byPhone.get('+551173684111')).toMatchObject({ canonical_phone: '+5511973684111', search_text: '5511973684111 bia', indexed: '5511973684111 bia', fresh: true });
  expect(byPhone.get('+552173684112')).toMatchObject({ canonical_phone: '+5521973684112', search_text: '5521973684112 bia' });
  // Its nine-digit number is another contact already: both stay, and that one takes the opt-out.
  expect(byPhone.get('+551173684113')).toMatchObject({ canonical_phone: '+551173684113', search_text: '551173684113 bia' });
  expect(byPhone.get('+5511973684113')).toMatchObject({ canonical_phone: '+5511973684113', fresh: true });
  expect(new Date(byPhone.get('+5511973684113')!.opted_out_on!).toISOString()).toBe('2026-01-02T03:04:05.000Z');
  // A landline and another country's number do not move.
  expect(byPhone.get('+551133684111')).toMatchObject({ canonical_phone: '+551133684111', fresh: false });
  expect(byPhone.get('+525573684111')).toMatchObject({ canonical_phone: '+525573684111', fresh: false });

  const recipients = await execRows<{ phone: string; canonical_phone: string }>(db, sql`
    select phone, canonical_phone from broadcast_recipients where broadcast_id = ${broadcast.id} order by phone`);
  expect(Object.fromEntries(recipients.map((r) => [r.phone, r.canonical_phone]))).toEqual({
    '+551173684111': '+5511973684111',
    // The broadcast holds its nine-digit number already.
    '+551173684113': '+551173684113', '+5511973684113': '+5511973684113',
    '+525573684111': '+525573684111',
  });
});
