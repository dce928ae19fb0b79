import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { sql } from 'drizzle-orm';

// Opening conversations for a batch (lib/conversations/open.ts) against a real database: an open
// conversation is joined, a missing one opened, and a contact created in the same transaction gets
// its conversation without a lookup, in the round trip of the others' lookup.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { accounts } = await import('@/db/schema');
const { createSandboxChannel } = await import('@/lib/channels/service');
const { stopQueue } = await import('@/lib/jobs/queue');
const { countedTransaction } = await import('@/lib/contacts/counter');
const { upsertContacts } = await import('@/lib/contacts/upsert');
const { openConversations } = await import('./open');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;
let accountId: number;
let channelId: number;

beforeAll(async () => {
  db = await getDb();
  [{ id: accountId }] = await db.insert(accounts).values({ name: `open ${Date.now()}`, country: 'MX' }).returning();
  channelId = (await db.transaction((tx) => createSandboxChannel(tx, accountId))).id;
});

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

const actor = () => ({ accountId, userId: null });
const want = (contactId: string, contactIsNew = false) => ({ accountId, contactId, channelId, source: 'INBOX' as const, status: 'NEW' as const, contactIsNew });

async function contactWith(phone: string, conversation: 'open' | 'none'): Promise<string> {
  return countedTransaction(db, async (tx) => {
    const [c] = await upsertContacts(tx, [{ actor: actor(), canonicalPhone: phone, phone, change: { fields: {} }, onExisting: 'keep' }]);
    if (conversation === 'open') await openConversations(tx, [want(c.id)]);
    return c.id;
  });
}

describe('openConversations', () => {
  it('joins an open conversation, opens a missing one, and opens a new contact\'s one in the same batch', async () => {
    const stamp = String(Date.now()).slice(-7);
    const withOpen = await contactWith(`+52551${stamp}`, 'open');
    const without = await contactWith(`+52552${stamp}`, 'none');
    const [existing] = await execRows<{ id: string }>(db, sql`select id from conversations where contact_id = ${withOpen}`);

    const { opened, fresh } = await countedTransaction(db, async (tx) => {
      const [created] = await upsertContacts(tx, [{ actor: actor(), canonicalPhone: `+52553${stamp}`, phone: `+52553${stamp}`, change: { fields: {} }, onExisting: 'keep' }]);
      expect(created.created).toBe(true);
      return { fresh: created.id, opened: await openConversations(tx, [want(withOpen), want(created.id, true), want(without), want(withOpen)]) };
    });

    expect(opened.map((o) => [o.conversation.contactId, o.created])).toEqual([[withOpen, false], [fresh, true], [without, true], [withOpen, false]]);
    expect(opened[0].conversation.id).toBe(existing.id);
    expect(opened[3].conversation.id).toBe(existing.id);
    // Each opened conversation is its contact's last one.
    const linked = await execRows<{ id: string; last_conversation: string }>(db, sql`
      select id, last_conversation from contacts where id = any(${sql.param([fresh, without])}::uuid[])`);
    expect(Object.fromEntries(linked.map((c) => [c.id, c.last_conversation]))).toEqual({
      [fresh]: opened[1].conversation.id, [without]: opened[2].conversation.id,
    });
  });

  it('a contact said to be new that has an open conversation after all joins it', async () => {
    const contactId = await contactWith(`+52554${String(Date.now()).slice(-7)}`, 'open');
    const [existing] = await execRows<{ id: string }>(db, sql`select id from conversations where contact_id = ${contactId}`);
    const [opened] = await db.transaction((tx) => openConversations(tx, [want(contactId, true)]));
    expect(opened).toMatchObject({ created: false, conversation: { id: existing.id } });
    const all = await execRows(db, sql`select id from conversations where contact_id = ${contactId}`);
    expect(all).toHaveLength(1);
  });
});
