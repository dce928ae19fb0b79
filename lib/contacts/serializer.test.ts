import { afterAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { asc, eq, sql } from 'drizzle-orm';
import { expectShape } from '@/lib/test-support/expect-shape';

// The contact serializer is SQL (serializer.ts): the database renders each contact's JSON. These
// tests hold it to the wire format the JavaScript serializers use (ISO timestamps in UTC with
// milliseconds, nulls, empty collections), to the documented schema, and list, detail and webhook
// payload to one another.

const { closeDatabase, getDb } = await import('@/db');
const { queue, stopQueue } = await import('@/lib/jobs/queue');
const { contactNotes, contacts, tags, webhookEvents, webhookSubscriptions } = await import('@/db/schema');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { contactUpsertSchema } = await import('./validation');
const { getContact, upsertContact } = await import('./service');
const { selectContact } = await import('./queries');
const { rolledBack } = await import('@/lib/test-support/rolled-back');
const { listContacts } = await import('./list');
const { pageRequest } = await import('@/lib/api/pagination');
const { Contact, Note } = await import('@/lib/openapi/schemas/contacts');
const { AssignedUser, ShortUser, Tag } = await import('@/lib/openapi/schemas/common');

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

const WIRE_ORDER = [
  'id', 'phone', 'canonical_phone', 'first_name', 'last_name', 'email', 'meta', 'external_url', 'external_id', 'is_deleted',
  'source', 'created_on', 'last_updated_on', 'created_by', 'notes', 'tags', 'last_conversation', 'default_assignees',
  'phone_status', 'contact_import', 'opted_out', 'opted_out_on',
];

async function page(db: Awaited<ReturnType<typeof getDb>>, accountId: number) {
  const url = new URL('http://x/api/contact?page_size=50');
  return JSON.parse(await listContacts(db, accountId, url, pageRequest(url), {}));
}

describe('contact serializer', () => {
  it('renders every field in wire order, text escaped and times in UTC to the millisecond', async () => {
    const db = await getDb();
    await queue(); // started before a transaction enqueues (the contact's webhook event), as the server does
    const seeded = await seedTestAccount(db, { country: 'MX' });
    const actor = { accountId: seeded.account_id, userId: seeded.admin.id };
    await db.insert(webhookSubscriptions).values({ accountId: actor.accountId, target: 'https://example.com/hook', secret: 's', events: ['contact.created'] });
    const { contact } = await upsertContact(db, actor, contactUpsertSchema.parse({
      phone: '+52 55 1234 0001', first_name: 'Zoë "Z" \\ O\'Neil', last_name: 'Иванова\n😀', email: 'z@example.com',
      meta: { plan: 'gold', 'clé': 'a"b\u0001' }, tags: ['vip', 'alpha'], notes: 'Prefers\tmornings',
      default_assignees: [seeded.agent.id, seeded.admin.id], external_id: 'crm-1', external_url: 'https://crm.example.com/1',
    }));
    // Notes stored out of id order (the later id first): the page's notes still come by id.
    await db.insert(contactNotes).values([
      { id: 2_100_000_002, contactId: contact.id, notes: 'second', createdById: null },
      { id: 2_100_000_001, contactId: contact.id, notes: 'first', createdById: seeded.agent.id },
    ]);
    const [stored] = await db.select().from(contacts).where(eq(contacts.id, contact.id));
    const notes = await db.select().from(contactNotes).where(eq(contactNotes.contactId, contact.id)).orderBy(asc(contactNotes.id));
    const accountTags = await db.select().from(tags).where(eq(tags.accountId, actor.accountId)).orderBy(asc(tags.name));
    const admin = { id: seeded.admin.id, first_name: 'Ada', last_name: expect.stringMatching(/^Admin /), email: seeded.admin.email };
    const agent = { id: seeded.agent.id, first_name: 'Alan', last_name: expect.stringMatching(/^Agent /), email: seeded.agent.email };
    const detail = await getContact(db, actor.accountId, contact.id);

    // The upsert's answer (read before the two notes were added) and the detail read after them.
    expect(Object.keys(contact)).toEqual(WIRE_ORDER);
    expect(contact.notes.map((n) => n.notes)).toEqual(['Prefers\tmornings']);
    expect(detail).toEqual({
      id: stored.id, phone: '+52 55 1234 0001', canonical_phone: '+525512340001',
      first_name: 'Zoë "Z" \\ O\'Neil', last_name: 'Иванова\n😀', email: 'z@example.com', meta: { plan: 'gold', 'clé': 'a"b\u0001' },
      external_url: 'https://crm.example.com/1', external_id: 'crm-1', is_deleted: false, source: 'website',
      created_on: stored.createdOn.toISOString(), last_updated_on: stored.lastUpdatedOn.toISOString(), created_by: seeded.admin.id,
      notes: notes.map((n, i) => ({
        id: n.id, notes: ['Prefers\tmornings', 'first', 'second'][i], contact: stored.id, created_on: n.createdOn.toISOString(),
        created_by: [admin, agent, null][i],
      })),
      tags: accountTags.map((t) => ({ id: t.id, name: t.name })),
      last_conversation: null,
      default_assignees: [admin, agent].sort((a, b) => a.id - b.id).map((u) => ({
        ...u, profile_image: null, account: actor.accountId, date_joined: expect.any(String),
      })),
      phone_status: stored.phoneStatus, contact_import: null, opted_out: false, opted_out_on: null,
    });
    expect(detail.notes.map((n) => n.id)).toEqual([notes[0].id, 2_100_000_001, 2_100_000_002]);
    expect(detail.tags.map((t) => t.name)).toEqual(['alpha', 'vip']);
    // Nested objects keep their wire order too.
    expect(Object.keys(detail.notes[1])).toEqual(['id', 'notes', 'contact', 'created_on', 'created_by']);
    expect(Object.keys(detail.notes[1].created_by!)).toEqual(['id', 'first_name', 'last_name', 'email']);
    expect(Object.keys(detail.tags[0])).toEqual(['id', 'name']);
    expect(Object.keys(detail.default_assignees[0])).toEqual(['id', 'first_name', 'last_name', 'email', 'profile_image', 'account', 'date_joined']);
    expectShape(Contact, detail);
    expectShape(Note, detail.notes[0]);
    expectShape(Tag, detail.tags[0]);
    expectShape(ShortUser, detail.notes[0].created_by);
    expectShape(AssignedUser, detail.default_assignees[0]);

    // The same contact in a page (its text as sent, key order included) and in its webhook event.
    const [listed] = (await page(db, actor.accountId)).results;
    expect(listed).toEqual(detail);
    expect(Object.keys(listed)).toEqual(WIRE_ORDER);
    expect(Object.keys(listed.notes[1])).toEqual(Object.keys(detail.notes[1]));
    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.accountId, actor.accountId));
    expect((event.payload as { data: unknown }).data).toEqual(contact);

    // Times are rendered in UTC whatever the session's time zone, microseconds cut (not rounded),
    // as reading the time into a JavaScript Date cut them.
    await db.update(contacts).set({ createdOn: sql`'2026-11-22 01:57:14.123999+05:30'::timestamptz` }).where(eq(contacts.id, contact.id));
    await rolledBack(db, async (tx) => {
      await tx.execute(sql`set local time zone 'America/Mexico_City'`);
      expect((await selectContact(tx, actor.accountId, contact.id))?.created_on).toBe('2026-11-21T20:27:14.123Z');
    });
  });

  it('renders a bare contact with nulls and empty collections, and an empty page as []', async () => {
    const db = await getDb();
    const seeded = await seedTestAccount(db, { country: 'MX' });
    expect(await page(db, seeded.account_id)).toEqual({ count: 0, next: null, previous: null, results: [] });
    await db.insert(contacts).values({ accountId: seeded.account_id, phone: '5512340002', canonicalPhone: '+525512340002', searchText: 'x' });
    const { results: [bare] } = await page(db, seeded.account_id);
    expect(Object.keys(bare)).toEqual(WIRE_ORDER);
    expect(bare).toMatchObject({
      first_name: null, last_name: null, email: null, meta: {}, external_url: null, external_id: null, created_by: null,
      notes: [], tags: [], default_assignees: [], last_conversation: null, contact_import: null, opted_out: false, opted_out_on: null,
    });
    expect(bare.created_on).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expectShape(Contact, bare);
    await db.update(contacts).set({ optedOutOn: sql`'2026-11-22 01:57:14.123+05:30'::timestamptz` }).where(eq(contacts.id, bare.id));
    const { results: [optedOut] } = await page(db, seeded.account_id);
    expect(optedOut).toMatchObject({ opted_out: true, opted_out_on: '2026-11-21T20:27:14.123Z' });
    expectShape(Contact, optedOut);
  });
});
