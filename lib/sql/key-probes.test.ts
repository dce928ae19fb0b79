import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { genericPlan as planOf, planNodes, type PlanNode } from '@/lib/test-support/generic-plan';

// The lookups of many rows by the keys of a unique index (lib/sql/key-probes.ts), against a real
// database (the embedded engine, or the scratch Postgres in TEST_DATABASE_URL): the rows they find,
// and a plan that probes the index with every key column, even as a generic plan (the one a
// prepared statement keeps) over an account and a channel of thousands of rows.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { accounts } = await import('@/db/schema');
const { createSandboxChannel } = await import('@/lib/channels/service');
const { stopQueue } = await import('@/lib/jobs/queue');
const { contactsByPhoneQuery } = await import('@/lib/contacts/write');
const { storedMessagesQuery } = await import('@/lib/messages/inbound-store');
const { insertConversationsQuery, openConversationsQuery } = await import('@/lib/conversations/open');

type Db = Awaited<ReturnType<typeof getDb>>;
const ROWS = 3000;
let db: Db;
let first: { accountId: number; channelId: number };
let second: { accountId: number };
let contactIds: string[];

async function account(name: string) {
  const [row] = await db.insert(accounts).values({ name, country: 'MX' }).returning();
  return row.id;
}

beforeAll(async () => {
  db = await getDb();
  const stamp = `${Date.now()}`;
  const accountId = await account(`probes ${stamp}`);
  const channel = await db.transaction((tx) => createSandboxChannel(tx, accountId));
  first = { accountId, channelId: channel.id };
  second = { accountId: await account(`probes other ${stamp}`) };
  await db.execute(sql`insert into contacts (account_id, phone, canonical_phone, search_text)
    select ${accountId}, '+5255' || n, '+5255' || n, '' from generate_series(10000000, ${10000000 + ROWS - 1}) as n`);
  await db.execute(sql`insert into contacts (account_id, phone, canonical_phone, search_text)
    values (${second.accountId}, '+5255777', '+5255777', '')`);
  // Every contact of the first account with an open conversation, and the first ten a closed one too.
  await db.execute(sql`insert into conversations (account_id, contact_id, channel_id, status, source)
    select account_id, id, ${channel.id}, 'NEW', 'INBOX' from contacts where account_id = ${accountId}`);
  await db.execute(sql`insert into conversations (account_id, contact_id, channel_id, status, source)
    select account_id, id, ${channel.id}, 'RESOLVED', 'INBOX' from contacts where account_id = ${accountId} order by canonical_phone limit 10`);
  contactIds = (await execRows<{ id: string }>(db, sql`select id from contacts where account_id = ${accountId} order by canonical_phone limit 12`)).map((r) => r.id);
  await db.execute(sql`insert into messages (account_id, contact_id, channel_id, direction, source, status, to_number, from_number, provider_id)
    select ${accountId}, (select id from contacts where account_id = ${accountId} limit 1), ${channel.id}, 'INBOUND', 'INBOUND', 'received',
      '+1', '+5255', 'wamid.' || n from generate_series(1, ${ROWS}) as n`);
});

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

const scansOf = (plan: PlanNode, table: string) => planNodes(plan).filter((n) => n['Relation Name'] === table);

/** The generic plan of `query`, whose one parameter holds every key (its text does not grow with them). */
async function genericPlan(query: SQL): Promise<PlanNode> {
  expect(new PgDialect().sqlToQuery(query).params).toHaveLength(1);
  return db.transaction((tx) => planOf(tx, query));
}

function expectProbes(plan: PlanNode, table: string, columns: string[]) {
  const scans = scansOf(plan, table);
  expect(scans.length).toBeGreaterThan(0);
  for (const scan of scans) {
    expect(scan['Node Type']).toMatch(/^Index (Only )?Scan$/);
    for (const column of columns) expect(scan['Index Cond']).toContain(column);
    expect(scan.Filter).toBeUndefined();
  }
}

describe('lookups by the keys of a unique index', () => {
  it('find the contacts with the phones asked for, each in its own account', async () => {
    const keys = [
      { account_id: first.accountId, canonical_phone: '+5255' + 10000005 },
      { account_id: first.accountId, canonical_phone: '+5255' + 10000007 },
      { account_id: first.accountId, canonical_phone: '+5255777' }, // the other account's phone
      { account_id: second.accountId, canonical_phone: '+5255' + 10000005 }, // this account's phone
      { account_id: second.accountId, canonical_phone: '+5255777' },
      { account_id: first.accountId, canonical_phone: '+5299999999' },
    ];
    const rows = await execRows<{ account_id: number; canonical_phone: string }>(db, contactsByPhoneQuery(keys));
    expect(rows.map((r) => `${r.account_id} ${r.canonical_phone}`).sort()).toEqual([
      `${first.accountId} +5255${10000005}`,
      `${first.accountId} +5255${10000007}`,
      `${second.accountId} +5255777`,
    ].sort());
    const locked = await db.transaction((tx) => execRows<{ id: string }>(tx, contactsByPhoneQuery(keys, { lock: true })));
    expect(locked).toHaveLength(3);
  });

  it('lock contacts in (account, phone) order, the order the CSV import locks them in, whatever order they were asked in', () => {
    const keys = [
      { account_id: 7, canonical_phone: '+5255900' }, { account_id: 3, canonical_phone: '+5255999' },
      { account_id: 7, canonical_phone: '+52551' }, { account_id: 3, canonical_phone: '+5255100' },
    ];
    const [json] = new PgDialect().sqlToQuery(contactsByPhoneQuery(keys, { lock: true })).params;
    expect(JSON.parse(String(json)).map((k: { account_id: number; canonical_phone: string }) => `${k.account_id} ${k.canonical_phone}`))
      .toEqual(['3 +5255100', '3 +5255999', '7 +52551', '7 +5255900']);
  });

  it('find nothing for no keys', async () => {
    expect(await execRows(db, contactsByPhoneQuery([]))).toEqual([]);
  });

  it('find the messages stored with the provider ids asked for, on their channel only', async () => {
    const rows = await execRows<{ channel_id: number; provider_id: string }>(db, storedMessagesQuery([
      { channel_id: first.channelId, provider_id: 'wamid.17' },
      { channel_id: first.channelId, provider_id: 'wamid.nope' },
      { channel_id: first.channelId + 100000, provider_id: 'wamid.18' },
    ]));
    expect(rows).toEqual([{ channel_id: first.channelId, provider_id: 'wamid.17' }]);
  });

  it('find the open conversations of the contacts asked for, in their own account only', async () => {
    const keys = [
      { account_id: first.accountId, contact_id: contactIds[0] },
      { account_id: first.accountId, contact_id: contactIds[11] },
      { account_id: second.accountId, contact_id: contactIds[1] }, // another account's contact
    ];
    const rows = await db.transaction((tx) => execRows<{ contact_id: string; status: string }>(tx, openConversationsQuery(keys)));
    expect(rows.map((r) => `${r.contact_id} ${r.status}`).sort()).toEqual([`${contactIds[0]} NEW`, `${contactIds[11]} NEW`].sort());
  });

  it('probe a contact\'s conversations by contact, not the account\'s, even in a generic plan', async () => {
    const plan = await genericPlan(openConversationsQuery(contactIds.map((id) => ({ account_id: first.accountId, contact_id: id }))));
    const scans = scansOf(plan, 'conversations');
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan['Node Type']).toMatch(/^Index (Only )?Scan$/);
      expect(scan['Index Cond']).toContain('contact_id');
      expect(scan['Index Cond']).not.toContain('account_id');
    }
  });

  it('link new conversations to their contacts by the contacts\' key, not by reading every contact, even in a generic plan', async () => {
    const rows = contactIds.map((contactId) => ({ accountId: first.accountId, contactId, channelId: first.channelId, source: 'API' as const, status: 'CREATED' as const }));
    const plan = await db.transaction((tx) => planOf(tx, insertConversationsQuery(rows)));
    const reads = scansOf(plan, 'contacts').filter((n) => n['Node Type'] !== 'ModifyTable');
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read['Node Type']).toMatch(/^(Index|Index Only|Bitmap Heap) Scan$/);
    expect(planNodes(plan).some((n) => n['Index Name'] === 'contacts_pkey')).toBe(true);
  });

  it('probe the unique index with every key column, even in a generic plan', async () => {
    const phones = Array.from({ length: 12 }, (_, i) => ({ account_id: first.accountId, canonical_phone: `+5255${10000000 + i * 7}` }));
    expectProbes(await genericPlan(contactsByPhoneQuery(phones)), 'contacts', ['account_id', 'canonical_phone']);
    expectProbes(await genericPlan(contactsByPhoneQuery(phones, { lock: true })), 'contacts', ['account_id', 'canonical_phone']);
    const ids = Array.from({ length: 12 }, (_, i) => ({ channel_id: first.channelId, provider_id: `wamid.${i * 11}` }));
    expectProbes(await genericPlan(storedMessagesQuery(ids)), 'messages', ['channel_id', 'provider_id']);
  });
});
