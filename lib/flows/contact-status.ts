import { sql } from 'drizzle-orm';
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
  const moved = await execRows<{ id: string; from: ContactStatus; flow_execution_id: string }>(tx, sql`
    with old as (select id, status from flow_execution_contacts where id = any(${sql.param(ids)}::uuid[]) and status <> ${to}::flow_execution_contact_status for update)
    update flow_execution_contacts f set status = ${to}::flow_execution_contact_status, is_active = ${!final},
      reason = coalesce(${reason ?? null}::text, f.reason), updated_on = now(),
      completed_on = case when ${final} then now() else null end,
      waiting = case when ${final} then '' else f.waiting end, wait_until = case when ${final} then null else f.wait_until end
    from old where f.id = old.id
    returning f.id, old.status::text as from, f.flow_execution_id`);
  const deltas = new Map<string, Map<string, number>>();
  for (const m of moved) {
    const d = deltas.get(m.flow_execution_id) ?? new Map<string, number>();
    d.set(COUNTER[m.from], (d.get(COUNTER[m.from]) ?? 0) - 1);
    d.set(COUNTER[to], (d.get(COUNTER[to]) ?? 0) + 1);
    deltas.set(m.flow_execution_id, d);
  }
  for (const [executionId, d] of deltas) await addCounters(tx, executionId, d);
  return moved.map((m) => ({ id: m.id, from: m.from, executionId: m.flow_execution_id }));
}

/** Adds to an execution's counters and completes it once nobody is pending or active. */
export async function addCounters(tx: Executor, executionId: string, d: Map<string, number>) {
  const get = (k: string) => d.get(k) ?? 0;
  await tx.execute(sql`update flow_executions set pending = pending + ${get('pending')}, active = active + ${get('active')},
      completed = completed + ${get('completed')}, expired = expired + ${get('expired')}, failed = failed + ${get('failed')},
      canceled = canceled + ${get('canceled')},
      status = case when status = 'RUNNING' and execution_type <> 'INBOUND' and pending + ${get('pending')} = 0
        and active + ${get('active')} = 0 then 'COMPLETED'::flow_execution_status else status end,
      completed_on = case when status = 'RUNNING' and execution_type <> 'INBOUND' and pending + ${get('pending')} = 0
        and active + ${get('active')} = 0 then now() else completed_on end
    where id = ${executionId}`);
}
