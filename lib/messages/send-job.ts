import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { execRows, getDb, type Executor } from '@/db';
import { channels, messages } from '@/db/schema';
import { CLOUD_API_TIMEOUT_MS } from '@/lib/channels/cloud-api/http';
import type { ChannelProvider, OutboundMessage, SendOutcome, WireTemplate } from '@/lib/channels/provider';
import { providerFor } from '@/lib/channels/providers';
import { enqueue } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { messageRetryDelay } from './retry-schedule';
import { scheduleSandboxStatuses } from './sandbox-status-job';

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

/** Settles the messages the provider accepted: one statement for the batch (plus sandbox statuses). */
async function recordAccepted(accepted: { m: MessageRow; channel: typeof channels.$inferSelect; providerId: string }[]) {
  if (!accepted.length) return;
  const db = await getDb();
  const sandbox = accepted.filter((a) => a.channel.channelProvider === 'PROVIDER_SANDBOX');
  const write = async (tx: Executor) => {
    // Also over an "outcome unknown" failure: the provider did accept it, after all.
    const updated = await execRows<{ id: string }>(tx, sql`
      update messages m set provider_id = x.provider_id, status = 'accepted', accepted_on = now(), failed_on = null,
        provider_error_code = case when m.status = 'failed' then null else m.provider_error_code end,
        provider_error_message = case when m.status = 'failed' then null else m.provider_error_message end
      from jsonb_to_recordset(${JSON.stringify(accepted.map((a) => ({ id: a.m.id, provider_id: a.providerId })))}::jsonb)
        as x(id uuid, provider_id text)
      where m.id = x.id and m.provider_id is null
        and (m.status = 'queued' or (m.status = 'failed' and m.provider_error_code = ${OUTCOME_UNKNOWN_CODE}))
      returning m.id`);
    const moved = new Set(updated.map((u) => u.id));
    await scheduleSandboxStatuses(tx, sandbox.filter((x) => moved.has(x.m.id))
      .map((a) => ({ channelId: a.channel.id, providerId: a.providerId, status: 'sent' as const })));
  };
  // One statement, unless the sandbox's simulated statuses must be scheduled with it.
  await (sandbox.length ? db.transaction(write) : write(db));
}

async function scheduleRetry(m: MessageRow, attempts: number, delay: number, code: string, message: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [released] = await tx.update(messages).set({
      failedAttempts: attempts, providerErrorCode: code.slice(0, 32), providerErrorMessage: message, sendClaimedOn: null,
    }).where(and(eq(messages.id, m.id), eq(messages.status, 'queued'))).returning({ id: messages.id });
    if (released) await enqueue(tx, QUEUES.messageSend.name, { messageId: m.id }, { startAfter: delay });
  });
}

type Sendable = { m: MessageRow; channel: typeof channels.$inferSelect; provider: ChannelProvider };

/** Looks at a loaded message: the ones to send now, the rest settled (or skipped) here. */
async function triage(m: MessageRow, channel: typeof channels.$inferSelect | null): Promise<Sendable | null> {
  if (m.status !== 'queued' || m.providerId) return null;
  if (m.sendClaimedOn) { await settleClaimed(m); return null; }
  if (!channel) { await fail(m.id, m.failedAttempts + 1, 'channel_missing', 'The message\'s channel no longer exists.'); return null; }
  if (channel.status === 'INACTIVE') { await fail(m.id, m.failedAttempts + 1, 'channel_inactive', 'The channel is inactive.'); return null; }
  try {
    return { m, channel, provider: providerFor(channel) };
  } catch (error) {
    await fail(m.id, m.failedAttempts + 1, 'provider_error', (error as Error).message);
    return null;
  }
}

/**
 * Sends a batch of queued messages: loaded in one query, claimed in one statement, sent side by
 * side, and the accepted ones settled in one statement. Failures and retries, rarer, are written
 * one by one.
 */
export async function sendMessages(messageIds: string[]): Promise<void> {
  if (!messageIds.length) return;
  const db = await getDb();
  const rows = await db.select({ m: messages, c: channels }).from(messages)
    .leftJoin(channels, eq(channels.id, messages.channelId)).where(inArray(messages.id, [...new Set(messageIds)]));
  const sendable = (await Promise.all(rows.map(({ m, c }) => triage(m, c)))).filter((s): s is Sendable => s !== null);
  if (!sendable.length) return;
  // The channel's rate limit: each message waits for its slot before it is claimed.
  await Promise.all(sendable.map((s) => s.provider.awaitSlot?.()));
  const claimed = new Set((await execRows<{ id: string }>(db, sql`
    update messages set send_claimed_on = now()
    where id = any(${sql.param(sendable.map((s) => s.m.id))}::uuid[])
      and status = 'queued' and provider_id is null and send_claimed_on is null
    returning id`)).map((r) => r.id));
  // Those claimed by another job first are settled by that job, or its redelivery.
  const outcomes = await Promise.all(sendable.filter((s) => claimed.has(s.m.id)).map(async (s) => {
    let result: SendOutcome;
    try {
      result = await s.provider.send(outbound(s.m));
    } catch (error) {
      result = { ok: false, retry: false, code: 'provider_error', message: (error as Error).message };
    }
    return { ...s, result };
  }));
  await recordAccepted(outcomes.flatMap((o) => (o.result.ok ? [{ m: o.m, channel: o.channel, providerId: o.result.providerId }] : [])));
  for (const { m, result } of outcomes) {
    if (result.ok) continue;
    const attempts = m.failedAttempts + 1;
    const delay = result.retry ? messageRetryDelay(attempts) : null;
    if (delay === null) await fail(m.id, attempts, result.code, result.message);
    else await scheduleRetry(m, attempts, delay, result.code, result.message);
  }
}

export function sendMessage(messageId: string): Promise<void> {
  return sendMessages([messageId]);
}

export const messageSendJob = defineJob<{ messageId: string }>({
  name: QUEUES.messageSend.name,
  concurrency: 2,
  batchSize: Number(process.env.MESSAGE_WORKER_BATCH || 50),
  handle: async ({ messageId }) => sendMessage(messageId),
  handleBatch: async (jobs) => sendMessages(jobs.map((j) => j.data.messageId)),
});
