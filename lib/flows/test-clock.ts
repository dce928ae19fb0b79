import { sql } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { WAIT_OVER } from './engine/run';

// The test clock: every wait of the account's active execution contacts moved `seconds` earlier,
// as if that much time had passed, and a run for each wait now over (as the sweep would make).
export async function advanceFlowClock(db: Db, accountId: number, seconds: number): Promise<{ due: number }> {
  return db.transaction(async (tx) => {
    const due = await execRows<{ id: string }>(tx, sql`
      update flow_execution_contacts set wait_until = wait_until - make_interval(secs => ${seconds}),
        waiting_since = waiting_since - make_interval(secs => ${seconds})
      where account_id = ${accountId} and is_active and wait_until is not null
      returning id, (${WAIT_OVER}) as due`);
    const ids = due.filter((d) => (d as unknown as { due: boolean }).due).map((d) => d.id);
    await enqueueMany(tx, ids.map((fecId) => ({ name: QUEUES.flowAdvance.name, data: { fecId } })));
    return { due: ids.length };
  });
}
