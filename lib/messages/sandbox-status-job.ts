import type { Executor } from '@/db';
import { getDb } from '@/db';
import { enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { applyStatuses } from './status';

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
  handle: (data) => applySandboxStatuses([data]),
  // The statuses due together are applied in one transaction, as callbacks arriving together are.
  handleBatch: (jobs) => applySandboxStatuses(jobs.map((j) => j.data)),
});

async function applySandboxStatuses(steps: Data[]): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const ids = await applyStatuses(tx, steps.map((s) => ({ channelId: s.channelId, providerId: s.providerId, status: s.status, at: new Date() })));
    await scheduleSandboxStatuses(tx, steps.flatMap((s, i) => {
      const next = NEXT[s.status];
      return ids[i] && next ? [{ channelId: s.channelId, providerId: s.providerId, status: next }] : [];
    }));
  });
}
