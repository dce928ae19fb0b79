import type PgBoss from 'pg-boss';
import { ACTION_TIMEOUT_MS } from '@/lib/flows/engine/action';

// Queue names and policies, with no handler code, so anything that enqueues can load them
// cheaply. Every queue must exist before a job is sent to it: pg-boss silently drops a job for an
// unknown queue.
export const QUEUES = {
  // Retries of a delivery are scheduled by the delivery itself (its own schedule); the queue's
  // retry only covers a worker that died mid-job.
  webhookDeliver: { name: 'webhook-deliver', policy: { retryLimit: 5, retryDelay: 10, expireInSeconds: 120 } },
  contactImport: { name: 'contact-import', policy: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 3600 } },
  // A send's throttling retries are scheduled by the send itself (MESSAGE_RETRY_SCHEDULE); the
  // queue's retry only covers a worker that died mid-job.
  // MESSAGE_SEND_EXPIRE_SECONDS: how long a job of a worker that died stays taken before it runs again.
  messageSend: {
    name: 'message-send', policy: { retryLimit: 3, retryDelay: 10, expireInSeconds: Number(process.env.MESSAGE_SEND_EXPIRE_SECONDS || 120) },
  },
  // The sandbox's simulated delivery statuses (sent, delivered, read), one step per job.
  sandboxStatus: { name: 'sandbox-status', policy: { retryLimit: 3, retryDelay: 2, expireInSeconds: 60 } },
  // One contact of a flow execution moved as far as it can go (lib/flows/engine/run.ts).
  // FLOW_ADVANCE_EXPIRE_SECONDS: how long a run of a worker that died stays taken before it runs again
  // (a run takes well under a second, an ACTION at most its timeout).
  flowAdvance: {
    name: 'flow-advance', policy: { retryLimit: 10, retryDelay: 2, retryBackoff: true, expireInSeconds: Number(process.env.FLOW_ADVANCE_EXPIRE_SECONDS || 60) },
  },
  // Building an execution's contacts and starting them.
  flowStart: { name: 'flow-start', policy: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 600 } },
  // An ACTION step's HTTP request, made outside the contact's run (lib/flows/engine/action-job.ts);
  // a lost one is timed out by the run. It stays taken well past the request's own time limit.
  flowAction: {
    name: 'flow-action',
    policy: { retryLimit: 2, retryDelay: 2, expireInSeconds: Math.max(60, Math.ceil((2 * ACTION_TIMEOUT_MS) / 1000)) },
  },
  // A completed contact's answers posted to its flow's end URL (lib/flows/end-webhook.ts); its
  // retries are scheduled by the post itself, the queue's only cover a worker that died.
  flowEndWebhook: { name: 'flow-end-webhook', policy: { retryLimit: 3, retryDelay: 10, expireInSeconds: 120 } },
  // Every minute: contacts whose wait is over.
  flowSweep: { name: 'flow-sweep', policy: { retryLimit: 0, expireInSeconds: 120 } },
  // Every 5 minutes: sync the templates of every cloud_api channel.
  templateSyncAll: { name: 'template-sync-all', policy: { retryLimit: 0, expireInSeconds: 600 } },
  // One chunk of a broadcast's recipients; each run enqueues the next.
  broadcastRun: { name: 'broadcast-run', policy: { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 } },
  // Every five minutes: claimed messages whose every job is gone get one (lib/messages/send-job.ts).
  messageSendSweep: { name: 'message-send-sweep', policy: { retryLimit: 0, expireInSeconds: 120 } },
  // Every minute: a run for every broadcast that is due or running, should its chain have broken.
  broadcastSweep: { name: 'broadcast-sweep', policy: { retryLimit: 0, expireInSeconds: 120 } },
  // One channel's templates, at once: enqueued with the channel's creation or a change of the
  // credentials that list them. A provider's refusal is not retried (the periodic sync tries again).
  templateSync: { name: 'template-sync', policy: { retryLimit: 2, retryDelay: 30, expireInSeconds: 600 } },
  // Every minute: imports whose worker died are taken up again.
  importResume: { name: 'contact-import-resume', policy: { retryLimit: 0, expireInSeconds: 120 } },
  // Hourly: removes uploads whose web process died while receiving them.
  uploadSweep: { name: 'contact-upload-sweep', policy: { retryLimit: 0, expireInSeconds: 600 } },
  // Every minute: conversations idle past their account's auto-close time are closed.
  conversationAutoclose: { name: 'conversation-autoclose', policy: { retryLimit: 0, expireInSeconds: 120 } },
} satisfies Record<string, { name: string; policy: Omit<PgBoss.Queue, 'name'> }>;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const { name, policy } of Object.values(QUEUES)) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...policy });
  }
}
