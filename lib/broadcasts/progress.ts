import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';

// A broadcast's recipients follow their messages: sent when the provider accepts the message,
// then delivered, read, and answered when the contact writes after it; failed when the message
// fails before it was sent; skipped when the broadcast passes them over. A recipient only moves
// forward (a failure reported after the message was sent keeps it sent), so the broadcast's
// counters only grow, except `pending`. The counters are moved in the same statement as the
// recipients, from the moves themselves, so they always equal a recount of the recipients:
//   sent = sent + delivered + read + answered recipients, delivered = delivered + read + answered,
//   read = read + answered, answered, failed, skipped, pending: recipients in that status.
// A running broadcast with nobody pending is COMPLETED.

export type RecipientMove = 'sent' | 'delivered' | 'read' | 'answered' | 'failed' | 'skipped';

const FUNNEL = sql.raw(`array['pending','sent','delivered','read','answered']::text[]`);

// Every statement here reads recipients by key (id, message, contact), one index probe per key:
// joined to a JSON parameter's rows, whose number the planner cannot see, a statement may hash a
// scan of every broadcast's recipients on each delivery callback.

/**
 * Moves the recipients `target` selects (a query of `recipient_id, status, at, reason`) forward,
 * and their broadcasts' counters with them.
 */
export function moveQuery(target: SQL): SQL {
  return sql`
    with wanted as (${target}),
    cur as (
      select r.id, r.broadcast_id, r.status::text as old, w.status as new, w.at, w.reason
      from broadcast_recipients r join wanted w on w.recipient_id = r.id
      where r.id = any(array(select recipient_id from wanted)) and case
        when w.status in ('failed', 'skipped') then r.status = 'pending'
        else coalesce(array_position(${FUNNEL}, w.status), 0) > coalesce(array_position(${FUNNEL}, r.status::text), 99)
      end
      order by r.id
      for update of r),
    moved as (
      update broadcast_recipients r set status = cur.new::broadcast_recipient_status,
        reason = coalesce(cur.reason, r.reason),
        sent_on = coalesce(r.sent_on, case when cur.new in ('sent', 'delivered', 'read', 'answered') then cur.at end),
        delivered_on = coalesce(r.delivered_on, case when cur.new in ('delivered', 'read') then cur.at end),
        read_on = coalesce(r.read_on, case when cur.new = 'read' then cur.at end),
        answered_on = coalesce(r.answered_on, case when cur.new = 'answered' then cur.at end),
        failed_on = coalesce(r.failed_on, case when cur.new = 'failed' then cur.at end),
        updated_on = now()
      from cur where r.id = cur.id and r.id = any(array(select id from cur))
      returning cur.broadcast_id, cur.old, cur.new),
    rank as (
      select broadcast_id,
        coalesce(array_position(${FUNNEL}, old), 0) as o, coalesce(array_position(${FUNNEL}, new), 0) as n, old, new
      from moved),
    deltas as (
      select broadcast_id,
        count(*) filter (where n >= 2 and not o >= 2) as sent,
        count(*) filter (where n >= 3 and not o >= 3) as delivered,
        count(*) filter (where n >= 4 and not o >= 4) as read,
        count(*) filter (where n >= 5 and not o >= 5) as answered,
        count(*) filter (where new = 'failed') as failed,
        count(*) filter (where new = 'skipped') as skipped,
        count(*) filter (where old = 'pending') as left_pending
      from rank group by broadcast_id),
    counted as (
      update broadcasts b set sent = b.sent + d.sent, delivered = b.delivered + d.delivered, read = b.read + d.read,
        answered = b.answered + d.answered, failed = b.failed + d.failed, skipped = b.skipped + d.skipped,
        pending = b.pending - d.left_pending,
        status = case when b.status = 'RUNNING' and b.pending - d.left_pending = 0 then 'COMPLETED' else b.status end,
        completed_on = case when b.status = 'RUNNING' and b.pending - d.left_pending = 0 then now() else b.completed_on end
      from deltas d where b.id = d.broadcast_id
      returning b.id)
    select count(*)::int as n from moved`;
}

async function move(tx: Executor, target: SQL): Promise<number> {
  const rows = await execRows<{ n: number }>(tx, moveQuery(target));
  return Number(rows[0]?.n ?? 0);
}

export type MessageProgress = { messageId: string; status: Exclude<RecipientMove, 'answered'>; at: Date; reason?: string };

/** Delivery news of messages (accepted, sent, delivered, read, failed; skipped: called off by a cancel): their recipients follow. */
export async function messagesProgressed(tx: Executor, changes: MessageProgress[]): Promise<void> {
  if (changes.length) await move(tx, progressedRecipients(changes));
}

/** The recipients of these messages (a message has at most one), with their news. */
export function progressedRecipients(changes: MessageProgress[]): SQL {
  return sql`
    select r.id as recipient_id, x.status, x.at, x.reason
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as x("messageId" uuid, status text, at timestamptz, reason text),
    lateral (select id from broadcast_recipients where message_id = x."messageId" limit 1) r`;
}

/**
 * Contacts wrote: for each, the recipient of the latest broadcast message sent to them before
 * they wrote counts as answered.
 */
export async function contactsAnswered(tx: Executor, replies: { contactId: string; at: Date }[]): Promise<void> {
  if (replies.length) await move(tx, answeredRecipients(replies));
}

/** For each contact, the recipient of the latest broadcast message sent to them before they wrote. */
export function answeredRecipients(replies: { contactId: string; at: Date }[]): SQL {
  return sql`
    select distinct on (x."contactId") r.id as recipient_id, 'answered' as status, x.at, null::text as reason
    from jsonb_to_recordset(${JSON.stringify(replies)}::jsonb) as x("contactId" uuid, at timestamptz),
    lateral (select r.id, r.sent_on from broadcast_recipients r
      where r.contact_id = x."contactId" and r.sent_on is not null and r.sent_on <= x.at and r.status in ('sent', 'delivered', 'read')
      order by r.sent_on desc limit 1) r
    order by x."contactId", r.sent_on desc`;
}

/** Recipients passed over by the broadcast, each with its reason. */
export async function recipientsSkipped(tx: Executor, skipped: { recipientId: number; reason: string }[]): Promise<void> {
  if (!skipped.length) return;
  await move(tx, sql`
    select x."recipientId" as recipient_id, 'skipped' as status, now() as at, x.reason
    from jsonb_to_recordset(${JSON.stringify(skipped)}::jsonb) as x("recipientId" int, reason text)`);
}
