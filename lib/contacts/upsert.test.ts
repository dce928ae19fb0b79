import { afterAll, describe, expect, it, vi } from 'vitest';
import '@/lib/test-support/unit-database';
import { asc, eq } from 'drizzle-orm';

// Contact upserts in batches against a real database (the embedded engine in memory, or the
// scratch Postgres database in TEST_DATABASE_URL). The same requests are applied to two identical
// accounts, one batch at once and one request after another: contacts, counts and events must
// come out the same.

const { closeDatabase, getDb } = await import('@/db');
const { webhookEvents, webhookSubscriptions } = await import('@/db/schema');
const { contactCount } = await import('./counter');
const { stopQueue, queue } = await import('@/lib/jobs/queue');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { contactUpsertSchema } = await import('./validation');
const { getContact, upsertContact } = await import('./service');
const { upsertContacts } = await import('./upsert');
const { countedTransaction } = await import('./counter');
const { listContacts } = await import('./list');
const { pageRequest } = await import('@/lib/api/pagination');
const { mergeChange } = await import('./service');
const { canonicalizePhone } = await import('@/lib/phone/canonicalize');

type Seeded = Awaited<ReturnType<typeof seedTestAccount>>;

async function account() {
  const db = await getDb();
  await queue(); // started before any transaction enqueues, as the server does at start-up
  const seeded = await seedTestAccount(db, { country: 'MX' });
  await db.insert(webhookSubscriptions).values({
    accountId: seeded.account_id, target: 'https://example.com/hook', secret: 's',
    events: ['contact.created', 'contact.updated', 'contact.deleted'],
  });
  return { db, seeded, actor: { accountId: seeded.account_id, userId: seeded.admin.id } };
}

// The state both accounts start from: a contact with meta and a tag, and a deleted one.
async function prepare(db: Awaited<ReturnType<typeof getDb>>, actor: { accountId: number; userId: number }) {
  await upsertContact(db, actor, contactUpsertSchema.parse({ phone: '+52 55 1111 0001', first_name: 'Ana', meta: { plan: 'basic', city: 'CDMX' }, tags: ['vip', 'old'], notes: 'first' }));
  await upsertContact(db, actor, contactUpsertSchema.parse({ phone: '+52 55 1111 0002', first_name: 'Beto', is_deleted: true }));
  await upsertContact(db, actor, contactUpsertSchema.parse({ phone: '+52 55 1111 0003', first_name: 'Caro', tags: ['x'] }));
}

const bodies = (seeded: Seeded) => [
  { phone: '5511110001', last_name: 'Pérez', meta: { plan: 'pro', city: null }, tags: ['new'], notes: ['second', 'third'], default_assignees: [seeded.agent.id] },
  { phone: '+52 1 55 1111 0002', meta: { back: 'yes' } }, // restores the deleted contact
  { phone: '+52 55 1111 0003', is_deleted: true, tags: ['y'], overwrite_tags: true, meta: { only: 'this' }, overwrite_meta: true },
  { phone: '+52 55 1111 0004', first_name: 'Dora', email: 'dora@example.com', tags: ['vip'], meta: { a: '1' }, notes: 'hello', default_assignees: [seeded.admin.id] },
  { phone: '+52 55 1111 0005', is_deleted: true },
];

/** What an account holds, without ids and times. */
async function snapshot(db: Awaited<ReturnType<typeof getDb>>, accountId: number) {
  const url = new URL('http://x/api/contact?page_size=50');
  const page = JSON.parse(await listContacts(db, accountId, url, pageRequest(url), {}));
  const all = [...page.results];
  const events = await db.select({ type: webhookEvents.type, payload: webhookEvents.payload }).from(webhookEvents)
    .where(eq(webhookEvents.accountId, accountId)).orderBy(asc(webhookEvents.createdOn));
  const strip = (c: Record<string, unknown>): Record<string, unknown> => ({
    ...c, id: undefined, created_on: undefined, last_updated_on: undefined, created_by: c.created_by ? 'someone' : null,
    notes: (c.notes as { notes: string }[]).map((n) => n.notes),
    tags: (c.tags as { name: string }[]).map((t) => t.name), default_assignees: (c.default_assignees as unknown[]).length,
  });
  return {
    count: await contactCount(db, accountId),
    listed: all.map((c) => strip(c as never)).sort((a, b) => String(a.canonical_phone).localeCompare(String(b.canonical_phone))),
    events: events.map((e) => `${e.type} ${(e.payload as { data: { canonical_phone: string } }).data.canonical_phone}`).sort(),
  };
}

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

describe('upsertContacts', () => {
  type Db = Awaited<ReturnType<typeof getDb>>;
  type Write = Parameters<typeof upsertContacts>[1][number];
  const upsertBatch = (db: Db, writes: Write[]) => countedTransaction(db, (tx) => upsertContacts(tx, writes));

  it('a group gives the contacts, count and events that one request after another gives', async () => {
    const one = await account();
    const other = await account();
    await prepare(one.db, one.actor);
    await prepare(other.db, other.actor);

    for (const body of bodies(one.seeded)) await upsertContact(one.db, one.actor, contactUpsertSchema.parse(body));

    // All five in one batch, called directly so that nothing can quietly fall back to one by one.
    const requests = bodies(other.seeded).map((b) => contactUpsertSchema.parse(b)).map((input) => {
      const phone = canonicalizePhone(input.phone, 'MX');
      if (!phone.ok) throw new Error(input.phone);
      return { actor: other.actor, canonicalPhone: phone.e164, phone: input.phone, change: mergeChange(input), onExisting: 'merge' as const };
    });
    const results = await upsertBatch(other.db, requests);
    expect(results.map((r) => r.created)).toEqual([false, false, false, true, true]);
    // And through the API's function, side by side (grouped while the first is in flight).
    const errors = vi.spyOn(console, 'error');
    const answers = await Promise.all(['+52 55 1111 0006', '+52 55 1111 0007', '+52 55 1111 0001'].map((phone) =>
      upsertContact(other.db, other.actor, contactUpsertSchema.parse({ phone, tags: ['late'] }))));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(answers.map((a) => [a.created, a.contact.canonical_phone, a.contact.tags.map((t) => t.name).includes('late')]))
      .toEqual([[true, '+525511110006', true], [true, '+525511110007', true], [false, '+525511110001', true]]);
    for (const phone of ['+52 55 1111 0006', '+52 55 1111 0007', '+52 55 1111 0001']) {
      await upsertContact(one.db, one.actor, contactUpsertSchema.parse({ phone, tags: ['late'] }));
    }

    const alone = await snapshot(one.db, one.actor.accountId);
    const together = await snapshot(other.db, other.actor.accountId);
    expect(together.count).toBe(alone.count);
    expect(together.listed).toEqual(alone.listed);
    expect(together.events).toEqual(alone.events);
    // Spot checks of the merge itself.
    const ana = together.listed.find((c) => c.canonical_phone === '+525511110001')!;
    expect(ana).toMatchObject({ first_name: 'Ana', last_name: 'Pérez', meta: { plan: 'pro' }, notes: ['first', 'second', 'third'], default_assignees: 1 });
    expect([...(ana.tags as string[])].sort()).toEqual(['late', 'new', 'old', 'vip']);
    expect(together.listed.find((c) => c.canonical_phone === '+525511110003')).toBeUndefined(); // deleted by the group
    const caro = await getContact(other.db, other.actor.accountId, results[2].id);
    expect(caro).toMatchObject({ is_deleted: true, meta: { only: 'this' }, tags: [expect.objectContaining({ name: 'y' })] });
  });

  it('a batch naming the same contact twice gives what one after another gives', async () => {
    const one = await account();
    const other = await account();
    const bodies2 = [{ phone: '+525522220001', first_name: 'Eva', tags: ['a'] }, { phone: '+52 55 2222 0001', last_name: 'Ruiz', tags: ['b'], notes: 'n' }];
    for (const body of bodies2) await upsertContact(one.db, one.actor, contactUpsertSchema.parse(body));
    const results = await upsertBatch(other.db, bodies2.map((b) => contactUpsertSchema.parse(b)).map((input) => ({
      actor: other.actor, canonicalPhone: '+525522220001', phone: input.phone, change: mergeChange(input), onExisting: 'merge' as const,
    })));
    expect(results.map((r) => r.created)).toEqual([true, false]);
    expect(results[0].id).toBe(results[1].id);
    const alone = await snapshot(one.db, one.actor.accountId);
    const together = await snapshot(other.db, other.actor.accountId);
    expect(together).toEqual(alone);
    expect(together.listed[0]).toMatchObject({ first_name: 'Eva', last_name: 'Ruiz', tags: ['a', 'b'], notes: ['n'] });
  });
});
