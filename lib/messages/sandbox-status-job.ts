import type { Executor } from '@/db';
import { getDb } from '@/db';
import { enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { applyStatus } from './status';

// The sandbox's simulated delivery: sent, delivered and read follow one another on a short timer
// (SANDBOX_STATUS_DELAY_SECONDS, default 1), through the same status code path as real callbacks.

type Step = 'sent' | 'delivered' | 'read';
type Data = { channelId: number; providerId: string; status: Step };
const NEXT: Record<Step, Step | null> = { sent: 'delivered', delivered: 'read', read: null };

const delay = () => Math.max(1, Number(process.env.SANDBOX_STATUS_DELAY_SECONDS || 1));

/** Schedules the next simulated status of each message, in one statement (start time on the database clock). */
export async function scheduleSandboxStatuses(tx: Executor, steps: Data[]): Promise<void> {
  await enqueueMany(tx, steps.map((data) => ({ name: QUEUES.sandboxStatus.name, data, startAfter: `${delay()} seconds` })));
}

export const sandboxStatusJob = defineJob<Data>({
  name: QUEUES.sandboxStatus.name,
  concurrency: 1,
  batchSize: 20,
  handle: async (data) => {
    const db = await getDb();
    await db.transaction(async (tx) => {
      const id = await applyStatus(tx, { channelId: data.channelId, providerId: data.providerId, status: data.status, at: new Date() });
      const next = NEXT[data.status];
      if (id && next) await scheduleSandboxStatuses(tx, [{ ...data, status: next }]);
    });
  },
});
