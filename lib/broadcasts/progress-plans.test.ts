import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { sql, type SQL } from 'drizzle-orm';
import { genericPlan, planNodes, type PlanNode } from '@/lib/test-support/generic-plan';

// The statements that read a broadcast's recipients for a few messages or contacts (delivery news,
// replies, the send job's load) probe them by key, even in the generic plan a prepared statement
// keeps, over thousands of recipients: joined to a JSON parameter's rows, they read every recipient
// of every broadcast each time.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { accounts } = await import('@/db/schema');
const { createSandboxChannel } = await import('@/lib/channels/service');
const { stopQueue } = await import('@/lib/jobs/queue');
const { answeredRecipients, moveQuery, progressedRecipients } = await import('./progress');
const { loadQuery } = await import('@/lib/messages/send-job');

type Db = Awaited<ReturnType<typeof getDb>>;
const ROWS = 3000;
let db: Db;
let messageIds: string[];
let contactIds: string[];
let chunk: string[];

beforeAll(async () => {
  db = await getDb();
  const [account] = await db.insert(accounts).values({ name: `plans ${Date.now()}`, country: 'MX' }).returning();
  const channel = await db.transaction((tx) => createSandboxChannel(tx, account.id));
  await db.execute(sql`insert into contacts (account_id, phone, canonical_phone, search_text)
    select ${account.id}, '+5255' || n, '+5255' || n, '' from generate_series(10000000, ${10000000 + ROWS - 1}) as n`);
  await db.execute(sql`insert into messages (account_id, contact_id, channel_id, direction, source, status, to_number, from_number, body)
    select account_id, id, ${channel.id}, 'OUTBOUND', 'BROADCAST', 'sent', canonical_phone, '+1', 'Hello' from contacts where account_id = ${account.id}`);
  const [broadcast] = await execRows<{ id: number }>(db, sql`
    insert into broadcasts (account_id, name, status) values (${account.id}, 'Plans', 'RUNNING') returning id`);
  await db.execute(sql`insert into broadcast_recipients (broadcast_id, contact_id, phone, canonical_phone, message_id, status, sent_on)
    select ${broadcast.id}, m.contact_id, m.to_number, m.to_number, m.id, 'sent', now() from messages m where m.account_id = ${account.id}`);
  // Statistics that know the table's size, as autovacuum soon gathers them.
  await db.execute(sql`analyze broadcast_recipients`);
  await db.execute(sql`analyze messages`);
  const some = await execRows<{ id: string; contact_id: string }>(db, sql`
    select id, contact_id from messages where account_id = ${account.id} order by id limit 12`);
  messageIds = some.map((m) => m.id);
  // A broadcast's send job loads its recipients' messages 500 at a time.
  chunk = (await execRows<{ id: string }>(db, sql`select id from messages where account_id = ${account.id} order by id limit 500`)).map((m) => m.id);
  contactIds = some.map((m) => m.contact_id);
});

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

/** The nodes of `query`'s generic plan that read broadcast_recipients (its update excepted). */
async function recipientReads(query: SQL): Promise<PlanNode[]> {
  const plan = await db.transaction((tx) => genericPlan(tx, query));
  return planNodes(plan).filter((n) => n['Relation Name'] === 'broadcast_recipients' && n['Node Type'] !== 'ModifyTable');
}

function expectProbes(reads: PlanNode[]) {
  expect(reads.length).toBeGreaterThan(0);
  for (const read of reads) expect(read['Node Type']).toMatch(/^(Index|Index Only|Bitmap Heap) Scan$/);
}

describe('reading a broadcast\'s recipients for a few messages or contacts', () => {
  it('probes them by message for delivery news', async () => {
    const at = new Date();
    expectProbes(await recipientReads(moveQuery(progressedRecipients(messageIds.map((messageId) => ({ messageId, status: 'delivered' as const, at }))))));
  });

  it('probes them by contact for replies', async () => {
    const at = new Date();
    expectProbes(await recipientReads(moveQuery(answeredRecipients(contactIds.map((contactId) => ({ contactId, at }))))));
  });

  it('probes them by message when the send job loads a chunk of a broadcast', async () => {
    expectProbes(await recipientReads(loadQuery(db, chunk).getSQL()));
  });

  it('moves the recipients asked for, and only those', async () => {
    const at = new Date();
    const [moved] = await db.transaction((tx) => execRows<{ n: number }>(tx,
      moveQuery(progressedRecipients(messageIds.slice(0, 3).map((messageId) => ({ messageId, status: 'delivered' as const, at }))))));
    expect(moved.n).toBe(3);
    const [answered] = await db.transaction((tx) => execRows<{ n: number }>(tx,
      moveQuery(answeredRecipients(contactIds.slice(0, 5).map((contactId) => ({ contactId, at: new Date() }))))));
    expect(answered.n).toBe(5);
  });
});
