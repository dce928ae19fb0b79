import { afterAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';

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
const { listContacts } = await import('./list');
const { pageRequest } = await import('@/lib/api/pagination');
const { Contact, Note } = await import('@/lib/openapi/schemas/contacts');
const { ShortUser, Tag } = await import('@/lib/openapi/schemas/common');

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

const WIRE_ORDER = [
  'id', 'phone', 'canonical_phone', 'first_name', 'last_name', 'email', 'meta', 'external_url', 'external_id', 'is_deleted',
  'source', 'created_on', 'last_updated_on', 'created_by', 'notes', 'tags', 'last_conversation', 'default_assignees',
  'phone_status', 'contact_import',
];

function expectShape(schema: z.ZodType, value: unknown) {
  expect(Object.keys(value as object).sort()).toEqual(Object.keys((schema as z.ZodObject).shape).sort());
  const parsed = schema.safeParse(value);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
}

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
      default_assignees: [seeded.agent.id], external_id: 'crm-1', external_url: 'https://crm.example.com/1',
    }));
    const [stored] = await db.select().from(contacts).where(eq(contacts.id, contact.id));
    const [note] = await db.select().from(contactNotes).where(eq(contactNotes.contactId, contact.id));
    const accountTags = await db.select().from(tags).where(eq(tags.accountId, actor.accountId)).orderBy(asc(tags.name));
    const admin = { id: seeded.admin.id, first_name: 'Ada', last_name: expect.stringMatching(/^Admin /), email: seeded.admin.email };

    expect(Object.keys(contact)).toEqual(WIRE_ORDER);
    expect(contact).toEqual({
      id: stored.id, phone: '+52 55 1234 0001', canonical_phone: '+525512340001',
      first_name: 'Zoë "Z" \\ O\'Neil', last_name: 'Иванова\n😀', email: 'z@example.com', meta: { plan: 'gold', 'clé': 'a"b\u0001' },
      external_url: 'https://crm.example.com/1', external_id: 'crm-1', is_deleted: false, source: 'website',
      created_on: stored.createdOn.toISOString(), last_updated_on: stored.lastUpdatedOn.toISOString(), created_by: seeded.admin.id,
      notes: [{ id: note.id, notes: 'Prefers\tmornings', contact: stored.id, created_on: note.createdOn.toISOString(), created_by: admin }],
      tags: accountTags.map((t) => ({ id: t.id, name: t.name })),
      last_conversation: null,
      default_assignees: [{ id: seeded.agent.id, first_name: 'Alan', last_name: expect.stringMatching(/^Agent /), email: seeded.agent.email }],
      phone_status: stored.phoneStatus, contact_import: null,
    });
    expect(contact.tags.map((t) => t.name)).toEqual(['alpha', 'vip']);
    expectShape(Contact, contact);
    expectShape(Note, contact.notes[0]);
    expectShape(Tag, contact.tags[0]);
    expectShape(ShortUser, contact.notes[0].created_by);
    expectShape(ShortUser, contact.default_assignees[0]);

    // Microseconds are cut, not rounded, as reading the time into a JavaScript Date cut them.
    await db.update(contacts).set({ createdOn: sql`'2026-11-22 01:57:14.123999+05:30'::timestamptz` }).where(eq(contacts.id, contact.id));
    expect((await getContact(db, actor.accountId, contact.id)).created_on).toBe('2026-11-21T20:27:14.123Z');

    // The same contact in a page, in detail and in its webhook event.
    const detail = await getContact(db, actor.accountId, contact.id);
    expect((await page(db, actor.accountId)).results).toEqual([detail]);
    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.accountId, actor.accountId));
    expect((event.payload as { data: unknown }).data).toEqual({ ...detail, created_on: contact.created_on });
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
      notes: [], tags: [], default_assignees: [], last_conversation: null, contact_import: null,
    });
    expect(bare.created_on).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expectShape(Contact, bare);
  });
});
