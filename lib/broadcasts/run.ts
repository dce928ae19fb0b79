import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { execRows, getDb, type Executor } from '@/db';
import { broadcastRecipients, broadcasts } from '@/db/schema';
import { countedTransaction } from '@/lib/contacts/counter';
import { contactsByPhoneQuery } from '@/lib/contacts/write';
import { enqueue } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { queueTemplateSends } from '@/lib/messages/template-sends';
import { findTemplate } from '@/lib/templates/service';
import { renderTemplate, variableCount, wireTemplate } from '@/lib/templates/variables';
import { recipientsSkipped } from './progress';
import type { BroadcastRecord } from './serializer';
import { isMarketing, OPTED_OUT } from '@/lib/opt-out/marketing';

// The broadcast runner: at `start_on` a PENDING broadcast becomes RUNNING (or FAILED when its
// template or channel is no longer usable), then each run takes the next chunk of recipients
// and, in one transaction, upserts their contacts (through the contact upsert, with the
// broadcast's tags), queues each one's template message with its own values (through the one
// template-send path), and links every recipient to its message. A recipient gets a message only
// while it has none (`message_id is null`, in the transaction that creates it): a run that dies
// is rolled back whole, and the next one takes the same recipients. Each run enqueues the next in
// its own transaction, and a sweep every minute restarts any broadcast whose chain was lost.
// Pacing is the send job's (each channel's limit, lib/channels/pace.ts).

/** Recipients per run: about five seconds of the channel's sending, from 20 to 500. */
function chunkSize(limit: number): number {
  return Number(process.env.BROADCAST_CHUNK) || Math.max(20, Math.min(500, limit * 5));
}
/** Messages a broadcast may have queued and not yet sent: two chunks, or four seconds of the channel's pace (a chunk is queued only while it fits). */
function backlogCap(size: number, rate: number): number {
  return Math.max(2 * size, 4 * rate);
}

/**
 * How many of the broadcast's messages are queued and not yet sent, counted up to `cap`. Chunks
 * are taken in recipient order, so these are the first of its pending recipients.
 */
async function queuedAhead(tx: Executor, broadcastId: number, cap: number): Promise<number> {
  const [row] = await execRows<{ n: number }>(tx, sql`select count(*) filter (where x.message_id is not null)::int as n from (
    select r.message_id from broadcast_recipients r where r.broadcast_id = ${broadcastId} and r.status = 'pending'
    order by r.id limit ${cap}) x`);
  return Number(row?.n ?? 0);
}

// Any fixed number, beside the migrations' and the queue's locks.
export const RUN_LOCK = 727_003;

export const IN_FLOW = 'In a running flow.';
export const WITH_AGENT = 'In an open conversation with an agent.';
export const DELETED = 'The contact is deleted.';

async function finish(tx: Executor, b: BroadcastRecord, status: 'FAILED' | 'COMPLETED', reason = '') {
  await tx.update(broadcasts).set({ status, statusReason: reason, completedOn: new Date() }).where(eq(broadcasts.id, b.id));
}

/** Why the broadcast cannot send now, or null. */
async function cannotSend(tx: Executor, b: BroadcastRecord) {
  if (!b.chatTemplateId) return { reason: 'The template was deleted.' };
  const found = await findTemplate(tx, b.accountId, b.chatTemplateId);
  if (!found || found.template.isDeleted) return { reason: 'The template was deleted.' };
  if (found.template.status !== 'approved') return { reason: `The template is no longer approved (${found.template.status}).` };
  if (found.channel.status === 'INACTIVE') return { reason: 'The template\'s channel was switched off.' };
  // The template may have been changed, or deleted and made again under its name, since the
  // values were given: a message with a placeholder left unfilled is never sent.
  const [given] = await execRows<{ n: number }>(tx, sql`
    select cardinality(data) as n from broadcast_recipients where broadcast_id = ${b.id} and status = 'pending' limit 1`);
  const needed = variableCount(found.template.components);
  if (given && Number(given.n) !== needed) {
    return { reason: `The template changed: it now takes ${needed} value${needed === 1 ? '' : 's'}, and each recipient has ${given.n}.` };
  }
  return { found };
}

/**
 * The contacts (by canonical phone) a broadcast passes over, with why: a deleted contact always
 * (deleting it is how a business stops writing to someone), one in a flow or with an agent unless
 * the broadcast has priority.
 */
async function busyContacts(
  tx: Executor, accountId: number, phones: string[], priority: boolean, marketing: boolean,
): Promise<Map<string, { reason: string; contactId: string }>> {
  const rows = await execRows<{ id: string; canonical_phone: string; is_deleted: boolean; opted_out: boolean; in_flow: boolean; with_agent: boolean }>(tx, sql`
    select c.id, c.canonical_phone, (select d.is_deleted from contacts d where d.id = c.id) as is_deleted,
      (select d.opted_out_on is not null from contacts d where d.id = c.id) as opted_out,
      exists (select 1 from flow_execution_contacts f where f.contact_id = c.id and f.is_active
        and f.status::text <> 'READY') as in_flow,
      exists (select 1 from conversations v where v.contact_id = c.id and v.status in ('NEW', 'IN_PROGRESS')) as with_agent
    from (${contactsByPhoneQuery(phones.map((p) => ({ account_id: accountId, canonical_phone: p })))}) c`);
  const out = new Map<string, { reason: string; contactId: string }>();
  for (const r of rows) {
    if (r.is_deleted) out.set(r.canonical_phone, { reason: DELETED, contactId: r.id });
    else if (marketing && r.opted_out) out.set(r.canonical_phone, { reason: OPTED_OUT, contactId: r.id });
    else if (priority) continue;
    else if (r.in_flow) out.set(r.canonical_phone, { reason: IN_FLOW, contactId: r.id });
    else if (r.with_agent) out.set(r.canonical_phone, { reason: WITH_AGENT, contactId: r.id });
  }
  return out;
}

/** One run: the next chunk sent. Returns whether recipients remain for another run. */
async function runOnce(broadcastId: number): Promise<void> {
  const db = await getDb();
  await countedTransaction(db, async (tx) => {
    // One run at a time per broadcast (another run holding the lock has the chain); pause and
    // cancel take the same lock, so they wait for the chunk. The broadcast's row itself is not
    // locked: the sends settling meanwhile move its counters.
    const [{ ours }] = await execRows<{ ours: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${RUN_LOCK}, ${broadcastId}) as ours`);
    if (!ours) return;
    const [b] = await tx.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
    if (!b || !['PENDING', 'RUNNING'].includes(b.status)) return;
    if (b.status === 'PENDING' && b.startOn && b.startOn.getTime() > Date.now() + 1000) {
      await enqueue(tx, QUEUES.broadcastRun.name, { broadcastId }, { startAfter: b.startOn });
      return;
    }
    const usable = await cannotSend(tx, b);
    if (!usable.found) {
      // What remains is passed over, with the reason: no recipient stays pending for ever.
      const rest = await tx.select({ id: broadcastRecipients.id }).from(broadcastRecipients)
        .where(and(eq(broadcastRecipients.broadcastId, b.id), eq(broadcastRecipients.status, 'pending'), isNull(broadcastRecipients.messageId)));
      await recipientsSkipped(tx, rest.map((r) => ({ recipientId: r.id, reason: usable.reason })));
      // Failed when nothing went out; stopped mid-way it completes as its sends settle.
      if (b.status === 'PENDING' || b.sent === 0) await finish(tx, b, 'FAILED', usable.reason);
      else await tx.update(broadcasts).set({ statusReason: usable.reason }).where(eq(broadcasts.id, b.id));
      return;
    }
    if (b.status === 'PENDING') {
      await tx.update(broadcasts).set({ status: 'RUNNING', startedOn: new Date() }).where(eq(broadcasts.id, b.id));
    }
    const rate = usable.found.channel.rateLimitPerSecond;
    const size = chunkSize(rate);
    // Queued ahead of the channel's pace by a few seconds at most: what is queued is past the
    // reach of a cancel, a pause or a deleted template, and makes its contact and conversation.
    const cap = backlogCap(size, rate);
    if (await queuedAhead(tx, b.id, cap) + size > cap) {
      await enqueue(tx, QUEUES.broadcastRun.name, { broadcastId }, { startAfter: new Date(Date.now() + 1000) });
      return;
    }
    const chunk = await tx.select().from(broadcastRecipients)
      .where(and(eq(broadcastRecipients.broadcastId, b.id), eq(broadcastRecipients.status, 'pending'), isNull(broadcastRecipients.messageId)))
      .orderBy(asc(broadcastRecipients.id)).limit(size);
    if (!chunk.length) {
      if (b.pending === 0) await finish(tx, b, 'COMPLETED');
      return;
    }
    const busy = await busyContacts(tx, b.accountId, chunk.map((r) => r.canonicalPhone), b.hasPriority, isMarketing(usable.found.template));
    const passed = chunk.filter((r) => busy.has(r.canonicalPhone));
    await recipientsSkipped(tx, passed.map((r) => ({ recipientId: r.id, reason: busy.get(r.canonicalPhone)!.reason })));
    // Passed over, they still link to the contact they name.
    if (passed.length) {
      await tx.execute(sql`update broadcast_recipients r set contact_id = x.contact
        from jsonb_to_recordset(${JSON.stringify(passed.map((r) => ({ id: r.id, contact: busy.get(r.canonicalPhone)!.contactId })))}::jsonb) as x(id int, contact uuid)
        where r.id = x.id and r.broadcast_id = ${b.id}`);
    }
    const sending = chunk.filter((r) => !busy.has(r.canonicalPhone));
    const tagNames = (await execRows<{ name: string }>(tx, sql`
      select t.name from broadcast_contact_tags bt join tags t on t.id = bt.tag_id where bt.broadcast_id = ${b.id}`)).map((t) => t.name);
    const { template, channel } = usable.found;
    const queued = await queueTemplateSends(tx, sending.map((r) => ({
      actor: { accountId: b.accountId, userId: b.createdById }, channel, templateId: template.id,
      phone: r.phone, canonicalPhone: r.canonicalPhone, variables: r.data,
      wire: wireTemplate(template, r.data), body: renderTemplate(template.components, r.data),
      messageSource: 'BROADCAST', conversationSource: 'BROADCAST',
      contactChange: { fields: {}, tags: tagNames.length ? { mode: 'add', names: tagNames } : undefined },
      contactSourceIfNew: 'broadcast',
    })));
    if (sending.length) {
      await tx.execute(sql`update broadcast_recipients r set message_id = x.message, contact_id = x.contact, updated_on = now()
        from jsonb_to_recordset(${JSON.stringify(sending.map((r, i) => ({ id: r.id, message: queued[i].id, contact: queued[i].contact })))}::jsonb)
          as x(id int, message uuid, contact uuid)
        where r.id = x.id and r.broadcast_id = ${b.id} and r.message_id is null`);
    }
    // The next chunk, in this transaction: the chain cannot break between two runs.
    if (chunk.length === size) await enqueue(tx, QUEUES.broadcastRun.name, { broadcastId });
  });
}

export const broadcastRunJob = defineJob<{ broadcastId: number }>({
  name: QUEUES.broadcastRun.name,
  concurrency: 1,
  handle: async ({ broadcastId }) => runOnce(broadcastId),
});

/** Every minute: a run for each broadcast that is due or running, in case its chain was lost. */
export const broadcastSweepJob = defineJob<Record<string, never>>({
  name: QUEUES.broadcastSweep.name,
  concurrency: 1,
  schedule: '* * * * *',
  handle: async () => {
    const db = await getDb();
    const due = await execRows<{ id: number }>(db, sql`
      select b.id from broadcasts b
      where (b.status = 'RUNNING' or (b.status = 'PENDING' and coalesce(b.start_on, b.created_on) <= now()))
        and b.created_on < now() - interval '1 minute'`);
    for (const { id } of due) await enqueue(db, QUEUES.broadcastRun.name, { broadcastId: id });
  },
});
