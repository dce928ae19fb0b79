import { sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { findExecution } from './execution-queries';

// An execution's per-step drop-off, for its page: for each step of the version it runs, how many
// of its contacts reached the step, are at it now, and left the flow there (expired, failed or
// canceled with it as their last step). Counted from the step logs in one pass.

export type StepStats = {
  step: { id: number; ordering_idx: number; name: string; step_type: string };
  reached: number;
  here: number;
  dropped: number;
};

export async function executionStepStats(db: Executor, accountId: number, executionId: string): Promise<{ results: StepStats[] }> {
  const execution = await findExecution(db, accountId, executionId);
  const rows = await execRows<{ id: number; ordering_idx: number; name: string; step_type: string; reached: number; here: number; dropped: number }>(db, sql`
    with logged as (
      select s.flow_execution_contact_id as fec, s.step_id, s.seq,
        row_number() over (partition by s.flow_execution_contact_id order by s.seq desc) as nth
      from flow_execution_contact_steps s join flow_execution_contacts c on c.id = s.flow_execution_contact_id
      where c.flow_execution_id = ${execution.id}
    ), per_step as (
      select l.step_id,
        count(distinct l.fec)::int as reached,
        count(*) filter (where l.nth = 1 and c.is_active)::int as here,
        count(*) filter (where l.nth = 1 and c.status in ('EXPIRED', 'FAILED', 'CANCELED'))::int as dropped
      from logged l join flow_execution_contacts c on c.id = l.fec
      group by l.step_id
    )
    select st.id, st.ordering_idx, st.name, st.step_type::text as step_type,
      coalesce(p.reached, 0) as reached, coalesce(p.here, 0) as here, coalesce(p.dropped, 0) as dropped
    from flow_steps st left join per_step p on p.step_id = st.id
    where st.version_id = ${execution.versionId}
    order by st.ordering_idx`);
  return {
    results: rows.map((r) => ({
      step: { id: Number(r.id), ordering_idx: r.ordering_idx, name: r.name, step_type: r.step_type },
      reached: Number(r.reached), here: Number(r.here), dropped: Number(r.dropped),
    })),
  };
}
