import { and, eq, sql } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { broadcasts } from '@/db/schema';
import { ValidationError } from '@/lib/api/errors';
import { enqueue, enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { recordMessageEvents } from '@/lib/messages/events';
import { recipientsSkipped } from './progress';
import { RUN_LOCK } from './run';
import { findBroadcast, withExtras } from './queries';
import type { BroadcastRecord, SerializedBroadcast } from './serializer';

// Pause, resume and cancel. Each takes the lock the runner holds while it queues a chunk, so a
// control and a chunk never interleave.
// - pause: the runner stops, and queued messages of the broadcast are left queued by the send
//   job (only sends already under way finish);
// - resume: the runner goes on, and the queued messages get their send jobs again;
// - cancel: nothing more is sent: queued messages that no send has claimed fail as canceled,
//   and every recipient not reached is skipped with the reason.

export const CANCELED_REASON = 'The broadcast was canceled.';

type Control = 'pause' | 'resume' | 'cancel';

/** Statuses a broadcast does not leave: no control applies, and no recipient can fail any more. */
export const FINAL_STATUSES: string[] = ['COMPLETED', 'CANCELED', 'FAILED'];

function refuse(b: BroadcastRecord, action: Control): never {
  throw ValidationError.nonField(`A ${b.status.toLowerCase()} broadcast cannot be ${action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : 'canceled'}.`);
}

export async function controlBroadcast(db: Db, accountId: number, id: number, action: Control): Promise<SerializedBroadcast> {
  await findBroadcast(db, accountId, id);
  await db.transaction(async (tx) => {
    // After the chunk a run is queueing, if any (run.ts takes the same lock).
    await tx.execute(sql`select pg_advisory_xact_lock(${RUN_LOCK}, ${id})`);
    const [b] = await tx.select().from(broadcasts).where(and(eq(broadcasts.accountId, accountId), eq(broadcasts.id, id))).for('update');
    if (action === 'pause') {
      if (b.status === 'PAUSED') return;
      if (FINAL_STATUSES.includes(b.status)) refuse(b, action);
      await tx.update(broadcasts).set({ status: 'PAUSED' }).where(eq(broadcasts.id, id));
      return;
    }
    if (action === 'resume') {
      if (b.status === 'RUNNING' || b.status === 'PENDING') return;
      if (b.status !== 'PAUSED') refuse(b, action);
      await tx.update(broadcasts).set({ status: b.startedOn ? 'RUNNING' : 'PENDING' }).where(eq(broadcasts.id, id));
      const due = !b.startOn || b.startOn <= new Date();
      await enqueue(tx, QUEUES.broadcastRun.name, { broadcastId: id }, due ? {} : { startAfter: b.startOn! });
      const queued = await execRows<{ id: string }>(tx, sql`
        select m.id from broadcast_recipients r join messages m on m.id = r.message_id
        where r.broadcast_id = ${id} and r.status = 'pending' and m.status = 'queued' and m.send_claimed_on is null`);
      const CHUNK = 500;
      const jobs = [];
      for (let i = 0; i < queued.length; i += CHUNK) jobs.push({ name: QUEUES.messageSend.name, data: { messageIds: queued.slice(i, i + CHUNK).map((m) => m.id) }, priority: 0 });
      await enqueueMany(tx, jobs);
      return;
    }
    if (b.status === 'CANCELED') return;
    if (FINAL_STATUSES.includes(b.status)) refuse(b, action);
    await tx.update(broadcasts).set({ status: 'CANCELED', statusReason: CANCELED_REASON, completedOn: new Date() }).where(eq(broadcasts.id, id));
    // Messages no send has claimed yet never go out; they fail as any message does, told by message.status.
    const failed = await execRows<{ id: string }>(tx, sql`
      update messages m set status = 'failed', failed_on = now(), provider_error_code = 'broadcast_canceled',
        provider_error_message = ${CANCELED_REASON}
      from broadcast_recipients r
      where r.broadcast_id = ${id} and r.status = 'pending' and m.id = r.message_id
        and m.status = 'queued' and m.send_claimed_on is null
      returning m.id`);
    await recordMessageEvents(tx, failed.map((m) => ({ accountId, id: m.id, type: 'message.status' as const })));
    const notReached = await execRows<{ id: number }>(tx, sql`
      select r.id from broadcast_recipients r left join messages m on m.id = r.message_id
      where r.broadcast_id = ${id} and r.status = 'pending' and (m.id is null or m.status = 'failed')`);
    await recipientsSkipped(tx, notReached.map((r) => ({ recipientId: r.id, reason: CANCELED_REASON })));
  });
  const [shown] = await withExtras(db, [await findBroadcast(db, accountId, id)], true);
  return shown;
}
