import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import type { flowExecutionContactStatuses } from '@/db/schema/enum-values';

// A contact's status in an execution moves with the execution's counters in the same statement
// set, so the counters always equal a recount: READY is `pending`, RUNNING and PAUSED `active`,
// each final status its own counter. The execution completes when no contact is pending or active.

export type ContactStatus = (typeof flowExecutionContactStatuses)[number];

const COUNTER: Record<ContactStatus, string> = {
  READY: 'pending', RUNNING: 'active', PAUSED: 'active', COMPLETED: 'completed', EXPIRED: 'expired', FAILED: 'failed', CANCELED: 'canceled',
};
const FINAL: ContactStatus[] = ['COMPLETED', 'EXPIRED', 'FAILED', 'CANCELED'];

export const isFinal = (s: ContactStatus) => FINAL.includes(s);

/**
 * Moves the execution contacts (which the caller has locked or just created) from their status to
 * `to`; returns those that moved. An execution left with no pending or active contact completes.
 */
export async function moveContacts(tx: Executor, ids: string[], to: ContactStatus, reason?: string): Promise<{ id: string; from: ContactStatus; executionId: string }[]> {
  if (!ids.length) return [];
  const final = isFinal(to);
  // Each moved contact leaves its old status's counter and joins the new one's, in the statement
  // that moves it.
  const leaving = (counter: string) => sql.raw(`count(*) filter (where m.from_counter = '${counter}')`);
  const change = (counter: string) => (COUNTER[to] === counter ? sql`(count(*) - ${leaving(counter)})` : sql`(- ${leaving(counter)})`);
  const moved = await execRows<{ id: string; from: ContactStatus; flow_execution_id: string }>(tx, sql`
    with old as (select id, status from flow_execution_contacts where id = any(${sql.param(ids)}::uuid[]) and status <> ${to}::flow_execution_contact_status for update),
    moved as (
      update flow_execution_contacts f set status = ${to}::flow_execution_contact_status, is_active = ${!final},
        reason = coalesce(${reason ?? null}::text, f.reason), updated_on = now(),
        completed_on = case when ${final} then now() else null end,
        waiting = case when ${final} then '' else f.waiting end, wait_until = case when ${final} then null else f.wait_until end
      from old where f.id = old.id
      returning f.id, old.status::text as from, f.flow_execution_id,
        ${sql.raw(`case old.status::text ${Object.entries(COUNTER).map(([s, c]) => `when '${s}' then '${c}'`).join(' ')} end`)} as from_counter
    ),
    changes as (
      select m.flow_execution_id as id, ${change('pending')} as pending, ${change('active')} as active,
        ${change('completed')} as completed, ${change('expired')} as expired, ${change('failed')} as failed, ${change('canceled')} as canceled
      from moved m group by m.flow_execution_id
    ),
    counted as (${counterUpdate(sql`changes`)})${to === 'CANCELED' ? sql`,
    -- A contact stopped while it waited (an answer, a delay, an ACTION): that step waits no more.
    stopped as (update flow_execution_contact_steps s set status = 'CANCELED'
      from moved m where s.flow_execution_contact_id = m.id and s.status in ('RUNNING', 'WAITING_TO_START'))` : sql``}
    select id, "from", flow_execution_id from moved`);
  return moved.map((m) => ({ id: m.id, from: m.from, executionId: m.flow_execution_id }));
}

/**
 * SQL: adds each row of `changes` (id, pending, active, completed, expired, failed, canceled) to its
 * execution's counters; an execution left with nobody pending or active completes.
 */
function counterUpdate(changes: SQL) {
  const over = sql`e.status = 'RUNNING' and e.execution_type <> 'INBOUND' and e.pending + c.pending = 0 and e.active + c.active = 0`;
  return sql`update flow_executions e set pending = e.pending + c.pending, active = e.active + c.active,
      completed = e.completed + c.completed, expired = e.expired + c.expired, failed = e.failed + c.failed, canceled = e.canceled + c.canceled,
      status = case when ${over} then 'COMPLETED'::flow_execution_status else e.status end,
      completed_on = case when ${over} then now() else e.completed_on end
    from ${changes} c where e.id = c.id`;
}

/** Adds to an execution's counters and completes it once nobody is pending or active. */
export async function addCounters(tx: Executor, executionId: string, d: Map<string, number>) {
  const get = (k: string) => d.get(k) ?? 0;
  await tx.execute(counterUpdate(sql`(select ${executionId}::uuid as id, ${get('pending')}::int as pending, ${get('active')}::int as active,
    ${get('completed')}::int as completed, ${get('expired')}::int as expired, ${get('failed')}::int as failed, ${get('canceled')}::int as canceled)`));
}
