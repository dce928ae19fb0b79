import { afterAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { eq } from 'drizzle-orm';

// Which writes change nothing (lib/contacts/unchanged.ts), through the contact service against a
// real database: every real change is announced, every write that leaves the contact as it is is not.

const { closeDatabase, getDb } = await import('@/db');
const { webhookEvents, webhookSubscriptions } = await import('@/db/schema');
const { queue, stopQueue } = await import('@/lib/jobs/queue');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { contactPatchSchema, contactReplaceSchema, contactUpsertSchema } = await import('./validation');
const { patchContact, replaceContact, upsertContact } = await import('./service');

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

describe('writes that change nothing', () => {
  it('announce nothing; each kind of real change is announced', async () => {
    const db = await getDb();
    await queue();
    const seeded = await seedTestAccount(db, { country: 'MX' });
    await db.insert(webhookSubscriptions).values({ accountId: seeded.account_id, target: 'https://example.com/hook', secret: 's', events: ['contact.updated', 'contact.deleted'] });
    const actor = { accountId: seeded.account_id, userId: seeded.admin.id };
    const phone = '+52 55 3333 0001';
    const { contact } = await upsertContact(db, actor, contactUpsertSchema.parse({
      phone, first_name: 'Ana', meta: { plan: 'gold' }, tags: ['VIP'], default_assignees: [{ id: seeded.agent.id }], notes: 'first',
    }));
    const announced = async () => (await db.select().from(webhookEvents).where(eq(webhookEvents.accountId, seeded.account_id))).length;
    const full = { phone, first_name: 'Ana', meta: { plan: 'gold' }, tags: ['vip'], default_assignees: [{ id: seeded.agent.id }], notes: contact.notes };

    // Left as they are: a repeat, a patch of what is held, a replacement with everything as it is.
    await upsertContact(db, actor, contactUpsertSchema.parse({ phone, first_name: 'Ana', tags: ['vip'], meta: { plan: 'gold' } }));
    await patchContact(db, actor, contact.id, contactPatchSchema.parse({ meta: { plan: 'gold' }, opted_out: false, default_assignees: [{ id: seeded.agent.id }] }));
    await replaceContact(db, actor, contact.id, contactReplaceSchema.parse(full));
    expect(await announced()).toBe(0);

    // Each of these is a change.
    const changes = [
      () => replaceContact(db, actor, contact.id, contactReplaceSchema.parse({ ...full, tags: [] })),
      () => patchContact(db, actor, contact.id, contactPatchSchema.parse({ tags: ['vip'] })),
      () => replaceContact(db, actor, contact.id, contactReplaceSchema.parse({ ...full, default_assignees: [] })),
      () => patchContact(db, actor, contact.id, contactPatchSchema.parse({ default_assignees: [{ id: seeded.agent.id }] })),
      () => replaceContact(db, actor, contact.id, contactReplaceSchema.parse({ ...full, notes: [{ ...contact.notes[0], notes: 'edited' }] })),
      () => patchContact(db, actor, contact.id, contactPatchSchema.parse({ notes: 'second' })),
      () => patchContact(db, actor, contact.id, contactPatchSchema.parse({ meta: { plan: null } })),
      () => patchContact(db, actor, contact.id, contactPatchSchema.parse({ phone: '55 3333 0001' })),
      () => patchContact(db, actor, contact.id, contactPatchSchema.parse({ opted_out: true })),
      () => patchContact(db, actor, contact.id, contactPatchSchema.parse({ is_deleted: true })),
      () => upsertContact(db, actor, contactUpsertSchema.parse({ phone })), // restores it
    ];
    for (const [n, change] of changes.entries()) {
      await change();
      expect(await announced(), `change ${n}`).toBe(n + 1);
    }
  });
});
