import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb } from '@/db';
import { channels, messages } from '@/db/schema';
import { CLOUD_API_TIMEOUT_MS } from '@/lib/channels/cloud-api/http';
import type { ChannelProvider, OutboundMessage, SendOutcome, WireTemplate } from '@/lib/channels/provider';
import { providerFor } from '@/lib/channels/providers';
import { enqueue } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { messageRetryDelay } from './retry-schedule';
import { scheduleSandboxStatus } from './sandbox-status-job';

// Sends one queued message through its channel's provider, at most once. The message is claimed
// (send_claimed_on, set only while it is NULL) before the provider is called, so a job that runs
// twice (duplicate enqueue, pg-boss expiry, a worker that died after the provider accepted) never
// calls the provider twice. The HTTP call happens outside any transaction; its outcome is
// written in one:
// - accepted: provider id and `accepted`;
// - throttling or a transient failure: the claim is released in the transaction that schedules
//   the retry (MESSAGE_RETRY_SCHEDULE);
// - permanent error: `failed` at once.
// A job that finds the message claimed but unsettled waits out the claim: once it is older than
// SEND_CLAIM_STALE_MS the worker that held it is taken to have died mid-send, and the message
// fails as "outcome unknown" rather than being sent again (a duplicate is worse than a gap the
// agent can see and resend).

/** Twice the provider timeout: a live worker has its answer (or its timeout) well within this. */
export const SEND_CLAIM_STALE_MS = 2 * CLOUD_API_TIMEOUT_MS;
const STALE_SECONDS = Math.ceil(SEND_CLAIM_STALE_MS / 1000);
export const OUTCOME_UNKNOWN_CODE = 'outcome_unknown';
export const OUTCOME_UNKNOWN_MESSAGE = 'outcome unknown: the worker stopped during the send; not resent to avoid a duplicate';

type MessageRow = typeof messages.$inferSelect;

function outbound(m: MessageRow): OutboundMessage {
  const content = m.content as { template?: WireTemplate; text?: { body: string } };
  if (m.msgType === 'template' && content.template) return { kind: 'template', to: m.toNumber, template: content.template };
  return { kind: 'text', to: m.toNumber, body: content.text?.body ?? m.body };
}

async function fail(messageId: string, attempts: number, code: string, message: string) {
  const db = await getDb();
  await db.update(messages).set({
    status: 'failed', failedOn: new Date(), failedAttempts: attempts, providerErrorCode: code.slice(0, 32), providerErrorMessage: message,
  }).where(and(eq(messages.id, messageId), eq(messages.status, 'queued')));
}

/** A claimed message nobody settled: failed once the claim is stale, otherwise looked at again then. */
async function settleClaimed(m: MessageRow): Promise<void> {
  const db = await getDb();
  const [failed] = await db.update(messages).set({
    status: 'failed', failedOn: sql`now()`, failedAttempts: m.failedAttempts + 1,
    providerErrorCode: OUTCOME_UNKNOWN_CODE, providerErrorMessage: OUTCOME_UNKNOWN_MESSAGE,
  }).where(and(
    eq(messages.id, m.id), eq(messages.status, 'queued'), isNull(messages.providerId),
    lt(messages.sendClaimedOn, sql`now() - ${sql.raw(`interval '${STALE_SECONDS} seconds'`)}`),
  )).returning({ id: messages.id });
  if (failed) return;
  // Still within the claim: its sender is in flight, or threw before writing the outcome (then
  // nothing else would ever settle it). Look again once the claim would be stale; the pg-boss
  // start time comes from the database clock, as the claim's does.
  await enqueue(db, QUEUES.messageSend.name, { messageId: m.id }, { startAfter: STALE_SECONDS + 1 });
}

async function recordAccepted(m: MessageRow, channel: typeof channels.$inferSelect, providerId: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Also over an "outcome unknown" failure: the provider did accept it, after all.
    const updated = await tx.update(messages).set({
      providerId, status: 'accepted', acceptedOn: new Date(), failedOn: null,
      providerErrorCode: sql`CASE WHEN ${messages.status} = 'failed' THEN NULL ELSE ${messages.providerErrorCode} END`,
      providerErrorMessage: sql`CASE WHEN ${messages.status} = 'failed' THEN NULL ELSE ${messages.providerErrorMessage} END`,
    }).where(and(
      eq(messages.id, m.id), isNull(messages.providerId),
      or(eq(messages.status, 'queued'), and(eq(messages.status, 'failed'), eq(messages.providerErrorCode, OUTCOME_UNKNOWN_CODE))),
    )).returning({ id: messages.id });
    if (updated.length && channel.channelProvider === 'PROVIDER_SANDBOX') {
      await scheduleSandboxStatus(tx, { channelId: channel.id, providerId, status: 'sent' });
    }
  });
}

export async function sendMessage(messageId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ m: messages, c: channels }).from(messages)
    .leftJoin(channels, eq(channels.id, messages.channelId)).where(eq(messages.id, messageId)).limit(1);
  if (!row || row.m.status !== 'queued' || row.m.providerId) return;
  const { m, c: channel } = row;
  if (m.sendClaimedOn) return settleClaimed(m);
  if (!channel) return fail(m.id, m.failedAttempts + 1, 'channel_missing', 'The message\'s channel no longer exists.');
  if (channel.status === 'INACTIVE') return fail(m.id, m.failedAttempts + 1, 'channel_inactive', 'The channel is inactive.');

  let provider: ChannelProvider;
  try {
    provider = providerFor(channel);
  } catch (error) {
    return fail(m.id, m.failedAttempts + 1, 'provider_error', (error as Error).message);
  }
  await provider.awaitSlot?.();
  const [claimed] = await db.update(messages).set({ sendClaimedOn: sql`now()` })
    .where(and(eq(messages.id, m.id), eq(messages.status, 'queued'), isNull(messages.providerId), isNull(messages.sendClaimedOn)))
    .returning({ id: messages.id });
  // Another job claimed it first; that job, or its redelivery, settles it.
  if (!claimed) return;

  let result: SendOutcome;
  try {
    result = await provider.send(outbound(m));
  } catch (error) {
    result = { ok: false, retry: false, code: 'provider_error', message: (error as Error).message };
  }
  if (result.ok) return recordAccepted(m, channel, result.providerId);
  const attempts = m.failedAttempts + 1;
  const delay = result.retry ? messageRetryDelay(attempts) : null;
  if (delay === null) return fail(m.id, attempts, result.code, result.message);
  const { code, message } = result;
  await db.transaction(async (tx) => {
    const [released] = await tx.update(messages).set({
      failedAttempts: attempts, providerErrorCode: code.slice(0, 32), providerErrorMessage: message, sendClaimedOn: null,
    }).where(and(eq(messages.id, m.id), eq(messages.status, 'queued'))).returning({ id: messages.id });
    if (released) await enqueue(tx, QUEUES.messageSend.name, { messageId: m.id }, { startAfter: delay });
  });
}

export const messageSendJob = defineJob<{ messageId: string }>({
  name: QUEUES.messageSend.name,
  concurrency: 2,
  batchSize: Number(process.env.MESSAGE_WORKER_BATCH || 10),
  handle: async ({ messageId }) => sendMessage(messageId),
});
