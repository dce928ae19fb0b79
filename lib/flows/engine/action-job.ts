import { sql } from 'drizzle-orm';
import { getDb } from '@/db';
import { enqueue } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { callAction, type ActionRequest } from './action';

// An ACTION step's HTTP request, made outside the contact's run: the run logs the step, waits
// (`waiting` ACTION) and commits, so a slow endpoint holds neither a flow worker nor the
// contact's row and other contacts' steps go on. This job makes the request, writes its answer on
// the step's log (only while that step still waits for it) and wakes the contact's run, which
// takes the branch. A request whose job is lost is timed out by the run at its wait's end.

export type ActionJob = { fecId: string; seq: number; request: ActionRequest };

export async function runActionJob({ fecId, seq, request }: ActionJob) {
  const answer = await callAction(request);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update flow_execution_contact_steps set execution_result = execution_result || ${JSON.stringify({ answered: answer })}::jsonb, updated_on = now()
      where flow_execution_contact_id = ${fecId} and seq = ${seq} and status = 'RUNNING'`);
    await enqueue(tx, QUEUES.flowAdvance.name, { fecId });
  });
}

// Each request holds one of this process's slots while it waits, never a flow worker.
export const flowActionJob = defineJob<ActionJob>({
  name: QUEUES.flowAction.name,
  concurrency: 0,
  slots: Number(process.env.FLOW_ACTION_SLOTS || 50),
  handle: runActionJob,
});
