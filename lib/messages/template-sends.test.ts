import { afterAll, describe, expect, it, vi } from 'vitest';
import '@/lib/test-support/unit-database';
import { and, asc, eq, sql } from 'drizzle-orm';

// Template sends queued in batches against a real database (the embedded engine in memory, or the
// scratch Postgres database in TEST_DATABASE_URL): the outcome must be the one queueing them one
// by one would give.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { channels, chatTemplates, contacts, conversations, messages } = await import('@/db/schema');
const { contactCount } = await import('@/lib/contacts/counter');
const { queue, stopQueue } = await import('@/lib/jobs/queue');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { wireTemplate } = await import('@/lib/templates/variables');
const { queueTemplateSends } = await import('./template-sends');
const { countedTransaction } = await import('@/lib/contacts/counter');
const { sendTemplateMessage } = await import('./send-template');

async function setup() {
  const db = await getDb();
  await queue(); // started before any transaction enqueues, as the server does at start-up
  const seeded = await seedTestAccount(db, { country: 'MX' });
  const accountId = seeded.account_id;
  const [channel] = await db.select().from(channels).where(eq(channels.accountId, accountId));
  const [template] = await db.select().from(chatTemplates).where(and(eq(chatTemplates.accountId, accountId), eq(chatTemplates.name, 'hello_world')));
  const member = { userId: seeded.admin.id, accountId, role: 'ADMIN' as const, via: 'key' as const };
  const request = (phone: string) => ({
    actor: { accountId, userId: member.userId }, channel, templateId: template.id, phone, canonicalPhone: phone, variables: [],
    wire: wireTemplate(template, []), body: 'Hello', messageSource: 'API' as const, conversationSource: 'API' as const,
  });
  return { db, accountId, member, channel, template, request };
}

/** The given messages' entries in send jobs, one row per message per job that holds it. */
async function sendJobs(ids: string[]) {
  const db = await getDb();
  return execRows<{ id: string; job: string }>(db, sql`select m.id, j.id::text as job from pgboss.job j
    cross join lateral jsonb_array_elements_text(coalesce(j.data->'messageIds', jsonb_build_array(j.data->'messageId'))) as m(id)
    where j.name = 'message-send' and m.id = any(${sql.param(ids)}::text[])`);
}

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

describe('queueTemplateSends', () => {
  it('queues a batch as one by one would: contacts used or created, conversations joined or opened, one send job for all', async () => {
    const { db, accountId, member, channel, template, request } = await setup();
    const stamp = String(Date.now()).slice(-8);
    const known = `+5255${stamp}`;
    const gone = `+5256${stamp}`;
    const fresh = `+5257${stamp}`;
    const [existing] = await db.insert(contacts).values({ accountId, phone: known, canonicalPhone: known, firstName: 'Known', source: 'import' }).returning();
    const [deleted] = await db.insert(contacts).values({ accountId, phone: gone, canonicalPhone: gone, isDeleted: true }).returning();
    const [ongoing] = await db.insert(conversations).values({ accountId, contactId: existing.id, channelId: channel.id, source: 'INBOX', status: 'IN_PROGRESS' }).returning();
    const before = await contactCount(db, accountId);

    const queued = await countedTransaction(db, (tx) => queueTemplateSends(tx, [request(known), request(fresh), request(gone), request(fresh)]));
    expect(new Set(queued.map((q) => q.id)).size).toBe(4);
    expect(queued[1].conversation).toBe(queued[3].conversation);
    expect(queued[0].conversation).toBe(ongoing.id);

    const people = await db.select().from(contacts).where(eq(contacts.accountId, accountId)).orderBy(asc(contacts.canonicalPhone));
    expect(people.map((c) => [c.canonicalPhone, c.firstName, c.source, c.isDeleted, c.createdById])).toEqual([
      [known, 'Known', 'import', false, null], [gone, null, deleted.source, true, null], [fresh, null, 'website', false, member.userId],
    ]);
    expect(await contactCount(db, accountId)).toBe(before + 1);

    const threads = await db.select().from(conversations).where(eq(conversations.accountId, accountId));
    expect(threads).toHaveLength(3);
    expect(threads.find((c) => c.id === ongoing.id)).toMatchObject({ status: 'IN_PROGRESS', lastMessageOn: expect.any(Date) });
    for (const phone of [fresh, gone]) {
      const contact = people.find((p) => p.canonicalPhone === phone)!;
      const thread = threads.find((c) => c.contactId === contact.id)!;
      expect(thread).toMatchObject({ status: 'CREATED', source: 'API', channelId: channel.id });
      expect(contact.lastConversationId).toBe(thread.id);
    }

    const stored = await db.select().from(messages).where(eq(messages.accountId, accountId));
    expect(stored).toHaveLength(4);
    for (const [i, q] of queued.entries()) {
      const m = stored.find((s) => s.id === q.id)!;
      expect(m).toMatchObject({
        conversationId: q.conversation, direction: 'OUTBOUND', source: 'API', status: 'queued', msgType: 'template',
        chatTemplateId: template.id, toNumber: [known, fresh, gone, fresh][i], fromNumber: channel.channelId, sentById: member.userId,
      });
    }
    const jobs = await sendJobs(queued.map((q) => q.id));
    expect(jobs.map((j) => j.id).sort()).toEqual(queued.map((q) => q.id).sort());
    expect(new Set(jobs.map((j) => j.job)).size).toBe(1);
  });
});

describe('sendTemplateMessage', () => {
  it('sends arriving at once each get their own message and conversation answer', async () => {
    const { db, accountId, member, template } = await setup();
    const stamp = String(Date.now()).slice(-7);
    const errors = vi.spyOn(console, 'error'); // a group that failed would be logged, then stored one by one
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => sendTemplateMessage(db, member, template.id, {
      phone: `+52 55 ${stamp}${i % 3}`, variables: [],
    })));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(new Set(answers.map((a) => a.id)).size).toBe(9);
    expect(new Set(answers.map((a) => a.conversation)).size).toBe(3);
    expect(await db.select().from(messages).where(eq(messages.accountId, accountId))).toHaveLength(9);
    // Each message in exactly one send job.
    expect((await sendJobs(answers.map((a) => a.id))).map((j) => j.id).sort()).toEqual(answers.map((a) => a.id).sort());
  });
});
