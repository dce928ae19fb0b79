import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import type { flowExecutionContactStatuses } from '@/db/schema/enum-values';

// A contact's status in an execution moves with the execution's counters in the same transaction,
// so the counters always equal a recount once it commits: READY is `pending`, RUNNING and PAUSED `active`,
// each final status its own counter. The execution completes when no contact is pending or active.

export type ContactStatus = (typeof flowExecutionContactStatuses)[number];

type Counter = 'pending' | 'active' | 'completed' | 'expired' | 'failed' | 'canceled';
const COUNTERS: Counter[] = ['pending', 'active', 'completed', 'expired', 'failed', 'canceled'];

const COUNTER: Record<ContactStatus, Counter> = {
  READY: 'pending', RUNNING: 'active', PAUSED: 'active', COMPLETED: 'completed', EXPIRED: 'expired', FAILED: 'failed', CANCELED: 'canceled',
};
const FINAL: ContactStatus[] = ['COMPLETED', 'EXPIRED', 'FAILED', 'CANCELED'];

export const isFinal = (s: ContactStatus) => FINAL.includes(s);

/**
 * The counter changes of several moves (a batch of runs), added to the executions' rows together
 * by `apply`, last in the transaction: every run of an execution moves its counters, and a row
 * updated once per batch instead of once per run is waited for that much less.
 */
export class CounterChanges {
  private byExecution = new Map<string, Partial<Record<Counter, number>>>();

  add(executionId: string, counter: Counter, delta: number) {
    const row = this.byExecution.get(executionId) ?? {};
    row[counter] = (row[counter] ?? 0) + delta;
    this.byExecution.set(executionId, row);
  }

  async apply(tx: Executor) {
    // Every execution touched, even by no change: its completion is checked (an execution started
    // for nobody completes). In id order, which the update follows when it walks the list (its plan
    // for a few rows), so that two transactions moving the same executions rarely deadlock; a lock
    // taken first in that order would cost a round trip per batch (measured: 0.44 against 0.47 of
    // the drain rate), and Postgres ends a deadlock anyway (the batch then runs job by job).
    const rows = [...this.byExecution].sort(([a], [b]) => a.localeCompare(b))
      .map(([id, d]) => ({ id, ...Object.fromEntries(COUNTERS.map((c) => [c, d[c] ?? 0])) }));
    this.byExecution.clear();
    if (!rows.length) return;
    await tx.execute(counterUpdate(sql`(select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(id uuid, pending int, active int, completed int, expired int, failed int, canceled int))`));
  }
}

/**
 * Moves the execution contacts (which the caller has locked or just created) from their status to
 * `to`; returns those that moved. An execution left with no pending or active contact completes.
 * With `counters`, the executions' counters move when the caller applies them instead.
 */
export async function moveContacts(
  tx: Executor, ids: string[], to: ContactStatus, reason?: string, counters?: CounterChanges,
): Promise<{ id: string; from: ContactStatus; executionId: string }[]> {
  if (!ids.length) return [];
  const final = isFinal(to);
  const moved = await execRows<{ id: string; from: ContactStatus; flow_execution_id: string }>(tx, sql`
    with old as (select id, status from flow_execution_contacts where id = any(${sql.param(ids)}::uuid[]) and status <> ${to}::flow_execution_contact_status for update),
    moved as (
      update flow_execution_contacts f set status = ${to}::flow_execution_contact_status, is_active = ${!final},
        reason = coalesce(${reason ?? null}::text, f.reason), updated_on = now(),
        completed_on = case when ${final} then now() else null end,
        waiting = case when ${final} then '' else f.waiting end, wait_until = case when ${final} then null else f.wait_until end
      from old where f.id = old.id
      returning f.id, old.status::text as from, f.flow_execution_id
    )${to === 'CANCELED' ? sql`,
    -- A contact stopped while it waited (an answer, a delay, an ACTION): that step waits no more.
    stopped as (update flow_execution_contact_steps s set status = 'CANCELED'
      from moved m where s.flow_execution_contact_id = m.id and s.status in ('RUNNING', 'WAITING_TO_START'))` : sql``}
    select id, "from", flow_execution_id from moved`);
  // Each moved contact leaves its old status's counter and joins the new one's.
  const changes = counters ?? new CounterChanges();
  for (const m of moved) {
    changes.add(m.flow_execution_id, COUNTER[m.from], -1);
    changes.add(m.flow_execution_id, COUNTER[to], 1);
  }
  if (!counters) await changes.apply(tx);
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
