import { afterAll, describe, expect, it, vi } from 'vitest';
import '@/lib/test-support/unit-database';
import { asc, eq } from 'drizzle-orm';

// Inbound messages stored in batches against a real database (the embedded engine in memory, or
// the scratch Postgres database in TEST_DATABASE_URL): the outcome must be the one storing them
// one by one would give.

const { closeDatabase, getDb } = await import('@/db');
const { accounts, contacts, conversationAssignees, conversations, messages, teamMembers, teams, users, webhookDeliveries, webhookEvents, webhookSubscriptions } = await import('@/db/schema');
const { createSandboxChannel } = await import('@/lib/channels/service');
const { contactCount } = await import('@/lib/contacts/counter');
const { queue, stopQueue } = await import('@/lib/jobs/queue');
const { inboundFields } = await import('./inbound-content');
const { Coalescer } = await import('@/lib/sql/coalescer');
const { DUPLICATE, storeInboundMessages } = await import('./inbound-store');
const { processWebhook } = await import('./inbound');

type Channel = Awaited<ReturnType<typeof createSandboxChannel>>;
let seq = 0;

async function account() {
  const db = await getDb();
  const n = `${Date.now()}${++seq}`;
  const [row] = await db.insert(accounts).values({ name: `inbound ${n}`, country: 'MX' }).returning();
  const channel = await db.transaction((tx) => createSandboxChannel(tx, row.id));
  return { db, accountId: row.id, channel, n };
}

function item(channel: Channel, phone: string, id: string, at: Date, name: string | null = null) {
  return {
    channel, canonicalPhone: phone, phone, name, at, providerId: id, toNumber: channel.channelId,
    fields: inboundFields({ from: phone.slice(1), id, timestamp: String(at.getTime() / 1000), type: 'text', text: { body: id } }),
  };
}

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

describe('storeInboundMessages', () => {
  it('stores a batch as one by one would: new contacts, joined and opened conversations, duplicates once', async () => {
    const { db, accountId, channel, n } = await account();
    const known = `+5255${n.slice(-8)}`;
    const [existing] = await db.insert(contacts).values({ accountId, phone: known, canonicalPhone: known }).returning();
    const [ours] = await db.insert(conversations).values({ accountId, contactId: existing.id, channelId: channel.id, source: 'API', status: 'CREATED' }).returning();
    const before = await contactCount(db, accountId);
    const a = `+5256${n.slice(-8)}`;
    const b = `+5257${n.slice(-8)}`;
    const t = (s: number) => new Date(Date.UTC(2026, 10, 21, 12, 0, s));

    const outcomes = await storeInboundMessages(db, [
      item(channel, a, `wamid.A1.${n}`, t(1), 'Ana'),
      item(channel, known, `wamid.K1.${n}`, t(2)),
      item(channel, a, `wamid.A2.${n}`, t(3), 'Someone else'),
      item(channel, a, `wamid.A1.${n}`, t(4)), // the first message again
      item(channel, b, `wamid.B1.${n}`, t(5)),
    ]);
    expect(outcomes.map((o) => (o === DUPLICATE ? 'dup' : typeof o))).toEqual(['string', 'string', 'string', 'dup', 'string']);
    // Delivered again later: a duplicate, and nothing else changes.
    expect(await storeInboundMessages(db, [item(channel, b, `wamid.B1.${n}`, t(9)), item(channel, a, `wamid.A1.${n}`, t(9))]))
      .toEqual([DUPLICATE, DUPLICATE]);

    const people = await db.select().from(contacts).where(eq(contacts.accountId, accountId)).orderBy(asc(contacts.canonicalPhone));
    expect(people.map((c) => [c.canonicalPhone, c.firstName, c.source])).toEqual([
      [known, null, existing.source], [a, 'Ana', 'INBOUND'], [b, null, 'INBOUND'],
    ]);
    expect(await contactCount(db, accountId)).toBe(before + 2);

    const threads = await db.select().from(conversations).where(eq(conversations.accountId, accountId));
    expect(threads).toHaveLength(3);
    const of = (phone: string) => threads.find((c) => c.contactId === people.find((p) => p.canonicalPhone === phone)!.id)!;
    expect(of(known)).toMatchObject({ id: ours.id, status: 'NEW', lastMessageOn: t(2), lastInboundOn: t(2) });
    expect(of(a)).toMatchObject({ status: 'NEW', source: 'INBOX', channelId: channel.id, lastMessageOn: t(3), lastInboundOn: t(3) });
    expect(of(b)).toMatchObject({ status: 'NEW', lastMessageOn: t(5) });
    for (const p of people.filter((c) => c.canonicalPhone !== known)) expect(p.lastConversationId).toBe(of(p.canonicalPhone).id);

    const stored = await db.select().from(messages).where(eq(messages.accountId, accountId)).orderBy(asc(messages.timestamp));
    expect(stored.map((m) => [m.providerId, m.fromNumber, m.conversationId, m.direction, m.status, m.body])).toEqual([
      [`wamid.A1.${n}`, a, of(a).id, 'INBOUND', 'received', `wamid.A1.${n}`],
      [`wamid.K1.${n}`, known, ours.id, 'INBOUND', 'received', `wamid.K1.${n}`],
      [`wamid.A2.${n}`, a, of(a).id, 'INBOUND', 'received', `wamid.A2.${n}`],
      [`wamid.B1.${n}`, b, of(b).id, 'INBOUND', 'received', `wamid.B1.${n}`],
    ]);
  });

  it('a batch holding a message stored earlier stores the others once, and counts their new contacts once', async () => {
    const { db, accountId, channel, n } = await account();
    const before = await contactCount(db, accountId);
    const [a, c, d] = ['+5256', '+5257', '+5258'].map((p) => `${p}${n.slice(-8)}`);
    // Written just now: not looked for first, the stored one is found by the insert, and the batch stored again.
    const start = Date.now() - 10_000;
    const t = (s: number) => new Date(start + s * 1000);
    await storeInboundMessages(db, [item(channel, a, `wamid.A1.${n}`, t(1))]);
    const outcomes = await storeInboundMessages(db, [
      item(channel, c, `wamid.C1.${n}`, t(2)), item(channel, a, `wamid.A1.${n}`, t(3)), item(channel, d, `wamid.D1.${n}`, t(4)),
    ]);
    expect(outcomes.map((o) => (o === DUPLICATE ? 'dup' : typeof o))).toEqual(['string', 'dup', 'string']);
    expect(await contactCount(db, accountId)).toBe(before + 3);
    const stored = await db.select().from(messages).where(eq(messages.accountId, accountId)).orderBy(asc(messages.timestamp));
    expect(stored.map((m) => [m.providerId, m.fromNumber])).toEqual([[`wamid.A1.${n}`, a], [`wamid.C1.${n}`, c], [`wamid.D1.${n}`, d]]);
    const [a1] = stored;
    expect((await db.select().from(conversations).where(eq(conversations.id, a1.conversationId!)))[0].lastMessageOn).toEqual(t(1));
    expect(await db.select().from(contacts).where(eq(contacts.accountId, accountId))).toHaveLength(3);
  });

  it("a batch spanning accounts records message.received for each account's own subscriptions", async () => {
    await queue(); // started before a transaction enqueues (the deliveries), as the server does
    const first = await account();
    const second = await account();
    const quiet = await account();
    const db = first.db;
    const subscribe = (accountId: number, events: ('message.received' | 'message.status')[]) => db.insert(webhookSubscriptions)
      .values({ accountId, target: 'https://example.com/hook', events, secret: 'whsec_test' }).returning().then(([s]) => s);
    const firstSub = await subscribe(first.accountId, ['message.received']);
    await subscribe(second.accountId, ['message.status']); // not interested in received messages
    await subscribe(quiet.accountId, ['message.received']);
    const t = new Date(Date.UTC(2026, 10, 21, 12, 0, 1));
    const [a, b] = await storeInboundMessages(db, [
      item(first.channel, `+5256${first.n.slice(-8)}`, `wamid.E1.${first.n}`, t),
      item(second.channel, `+5257${second.n.slice(-8)}`, `wamid.E2.${second.n}`, t),
    ]);
    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.type, 'message.received'));
    expect(events.filter((e) => [first.accountId, second.accountId, quiet.accountId].includes(e.accountId))
      .map((e) => [e.accountId, e.resourceId])).toEqual([[first.accountId, a]]);
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.resourceId, a as string));
    expect(delivery.subscriptionId).toBe(firstSub.id);
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.resourceId, b as string))).toEqual([]);
  });

  it('two replies in one batch to a conversation we opened give it to the default team once', async () => {
    const { db, accountId, channel, n } = await account();
    const people = await db.insert(users).values([1, 2].map((i) => ({ accountId, email: `rr${i}.${n}@example.com`, firstName: `Agent ${i}`, role: 'AGENT' as const, passwordHash: 'set' }))).returning();
    const [team] = await db.insert(teams).values({ accountId, name: `Front ${n}`, assignmentStrategy: 'ROUND_ROBIN' }).returning();
    await db.insert(teamMembers).values(people.map((u) => ({ teamId: team.id, userId: u.id })));
    await db.update(accounts).set({ defaultTeamId: team.id }).where(eq(accounts.id, accountId));
    const phone = `+5258${n.slice(-8)}`;
    const [contact] = await db.insert(contacts).values({ accountId, phone, canonicalPhone: phone }).returning();
    const [ours] = await db.insert(conversations).values({ accountId, contactId: contact.id, channelId: channel.id, source: 'API', status: 'CREATED' }).returning();
    const t = (s: number) => new Date(Date.UTC(2026, 10, 21, 12, 0, s));
    await storeInboundMessages(db, [item(channel, phone, `wamid.R1.${n}`, t(1)), item(channel, phone, `wamid.R2.${n}`, t(2))]);
    const assigned = await db.select().from(conversationAssignees).where(eq(conversationAssignees.conversationId, ours.id));
    expect(assigned.map((a) => a.userId)).toEqual([people[0].id]);
    expect((await db.select().from(conversations).where(eq(conversations.id, ours.id)))[0]).toMatchObject({ status: 'NEW', teamId: team.id });
  });

  it('callbacks arriving at once through processWebhook each get their own answer', async () => {
    const { db, accountId, channel, n } = await account();
    const payload = (i: number) => ({
      entry: [{ changes: [{ field: 'messages', value: {
        messaging_product: 'whatsapp', metadata: { phone_number_id: channel.channelId },
        contacts: [{ wa_id: `52155${n.slice(-7)}${i % 3}`, profile: { name: `Caller ${i % 3}` } }],
        messages: [{ from: `52155${n.slice(-7)}${i % 3}`, id: `wamid.P${i % 8}.${n}`, timestamp: String(1_790_000_000 + i), type: 'text', text: { body: `hi ${i}` } }],
      } }] }],
    });
    const errors = vi.spyOn(console, 'error'); // a group that failed would be logged, then stored one by one
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => processWebhook(db, channel, payload(i))));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(results.reduce((s, r) => s + r.messageIds.length, 0)).toBe(8);
    expect(results.reduce((s, r) => s + r.duplicates, 0)).toBe(4);
    expect(await db.select().from(messages).where(eq(messages.accountId, accountId))).toHaveLength(8);
    expect(await db.select().from(contacts).where(eq(contacts.accountId, accountId))).toHaveLength(3);
    expect(await db.select().from(conversations).where(eq(conversations.accountId, accountId))).toHaveLength(3);
  });
});

describe('Coalescer', () => {
  it('stores a batch that fails message by message, failing only the bad one', async () => {
    const { db, accountId, channel, n } = await account();
    const coalescer = new Coalescer<ReturnType<typeof item>, unknown>('test', (items) => storeInboundMessages(db, items));
    const t = new Date();
    const missingChannel = { ...channel, id: 2_000_000_000 }; // no such channel: its insert fails
    const outcomes = await Promise.allSettled([
      coalescer.store(item(channel, `+5259${n.slice(-8)}`, `wamid.C1.${n}`, t)), // stored at once, alone
      coalescer.store(item(channel, `+5259${n.slice(-8)}`, `wamid.C2.${n}`, t)), // these three wait and go together
      coalescer.store(item(missingChannel, `+5258${n.slice(-8)}`, `wamid.C3.${n}`, t)),
      coalescer.store(item(channel, `+5257${n.slice(-8)}`, `wamid.C4.${n}`, t)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const stored = await db.select().from(messages).where(eq(messages.accountId, accountId));
    expect(stored.map((m) => m.providerId).sort()).toEqual([`wamid.C1.${n}`, `wamid.C2.${n}`, `wamid.C4.${n}`]);
  });
});
