import { afterAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { eq, inArray } from 'drizzle-orm';

// Delivery statuses applied as a batch (callbacks arriving together, the sandbox's timer) against
// a real database: the embedded engine in memory, or the scratch Postgres in TEST_DATABASE_URL.

const { closeDatabase, getDb } = await import('@/db');
const { accounts, channels, contacts, messages, webhookEvents, webhookSubscriptions } = await import('@/db/schema');
const { queue, stopQueue } = await import('@/lib/jobs/queue');
const { applyStatus, applyStatuses } = await import('./status');
type StatusUpdate = Parameters<typeof applyStatus>[1];

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

let seq = 0;
const t = (s: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, s));

/** An account listening to message.status, with outbound messages A-D (D claimed, its answer lost) and an inbound one. */
async function scene() {
  const db = await getDb();
  const n = `${Date.now()}${++seq}`;
  const [account] = await db.insert(accounts).values({ name: `status ${n}`, country: 'MX' }).returning();
  await db.insert(webhookSubscriptions).values({ accountId: account.id, target: 'https://example.com/hook', events: ['message.status'], secret: 's' });
  const [channel] = await db.insert(channels).values({
    accountId: account.id, name: 'Cloud', channelId: `PN${n}`, channelProvider: 'PROVIDER_CLOUD_API', status: 'ACTIVE',
  } as never).returning();
  const phone = `+52155${n.slice(-8)}`;
  const [contact] = await db.insert(contacts).values({ accountId: account.id, phone, canonicalPhone: phone }).returning();
  const message = async (role: string, extra: Partial<typeof messages.$inferInsert> = {}) => (await db.insert(messages).values({
    accountId: account.id, contactId: contact.id, channelId: channel.id, direction: 'OUTBOUND', source: 'API', status: 'accepted',
    msgType: 'text', toNumber: phone, fromNumber: channel.channelId, body: role, content: { text: { body: role } },
    providerId: `wamid.${role}.${n}`, acceptedOn: t(0), ...extra,
  }).returning())[0];
  const rows = {
    A: await message('A'), B: await message('B'), C: await message('C'),
    D: await message('D', { status: 'queued', providerId: null, acceptedOn: null, sendClaimedOn: new Date() }),
    IN: await message('IN', { direction: 'INBOUND', source: 'INBOUND', status: 'received', acceptedOn: null }),
  };
  const pid = (role: string) => `wamid.${role}.${n}`;
  const on = (role: string, status: StatusUpdate['status'], s: number, more: Partial<StatusUpdate> = {}): StatusUpdate => ({ channelId: channel.id, providerId: pid(role), status, at: t(s), ...more });
  const updates = [
    on('A', 'sent', 1), on('B', 'read', 3), on('A', 'delivered', 2), on('C', 'failed', 1, { error: { code: '131026', message: 'Message undeliverable' } }),
    on('NOPE', 'sent', 1), on('IN', 'read', 1), on('D', 'sent', 2, { reference: rows.D.id }), on('B', 'delivered', 2), on('A', 'read', 3),
  ];
  const roleOf = new Map(Object.entries(rows).map(([role, m]) => [m.id, role]));
  const outcome = async (ids: (string | null)[]) => {
    const stored = await db.select().from(messages).where(inArray(messages.id, Object.values(rows).map((m) => m.id)));
    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.accountId, account.id));
    const [who] = await db.select().from(contacts).where(eq(contacts.id, contact.id));
    return {
      ids: ids.map((id) => (id ? roleOf.get(id) : null)),
      messages: Object.fromEntries(stored.map((m) => [roleOf.get(m.id), {
        status: m.status, provider: m.providerId?.split('.')[1] ?? null, acceptedOn: Boolean(m.acceptedOn), sentOn: m.sentOn, deliveredOn: m.deliveredOn,
        readOn: m.readOn, failedOn: m.failedOn, error: m.providerErrorCode && `${m.providerErrorCode} ${m.providerErrorMessage}`,
      }])),
      events: events.map((e) => `${roleOf.get(e.resourceId)} ${(e.payload as { data: { status: string } }).data.status}`).sort(),
      phoneStatus: who.phoneStatus,
    };
  };
  return { db, updates, outcome };
}

describe('applyStatuses', () => {
  it('gives what applying the statuses one after another gives, a message\'s several statuses in order', async () => {
    await queue(); // started before a transaction enqueues (the webhook events), as the server does
    const batched = await scene();
    const ids = await batched.db.transaction((tx) => applyStatuses(tx, batched.updates));
    const together = await batched.outcome(ids);

    const single = await scene();
    const one: (string | null)[] = [];
    for (const u of single.updates) one.push(await single.db.transaction((tx) => applyStatus(tx, u)));
    expect(together).toEqual(await single.outcome(one));

    expect(together.ids).toEqual(['A', 'B', 'A', 'C', null, 'IN', 'D', 'B', 'A']);
    expect(together.messages).toMatchObject({
      A: { status: 'read', sentOn: t(1), deliveredOn: t(2), readOn: t(3) },
      // A late "delivered" records its time and never moves "read" back.
      B: { status: 'read', sentOn: null, deliveredOn: t(2), readOn: t(3) },
      C: { status: 'failed', failedOn: t(1), error: '131026 Message undeliverable' },
      // Named by our reference: accepted after all, with the provider's id, and sent.
      D: { status: 'sent', provider: 'D', acceptedOn: true, sentOn: t(2) },
      IN: { status: 'received', readOn: null },
    });
    expect(together.events).toEqual(['A delivered', 'A read', 'A sent', 'B read', 'C failed', 'D sent']);
    expect(together.phoneStatus).toBe('VALID');
  });
});
