import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { execRows, getDb, type Db, type Executor } from '@/db';
import { channels, messages } from '@/db/schema';
import { messagesProgressed } from '@/lib/broadcasts/progress';
import { burstSize, LATE_TOLERANCE_S, pauseChannel, reserveBurst, slotSeconds } from '@/lib/channels/pace';
import type { ChannelProvider, OutboundMessage, SendOutcome, WireInteractive, WireTemplate } from '@/lib/channels/provider';
import { providerFor } from '@/lib/channels/providers';
import { enqueue } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { Coalescer, coalescerFor } from '@/lib/sql/coalescer';
import { recordMessageEvents } from './events';
import { messageRetryDelay, throttleRetryDelay } from './retry-schedule';
import { scheduleSandboxStatuses } from './sandbox-status-job';
import { burstClaim, CLAIM_TO_SEND_MS, claimLead, SEND_CLAIM_STALE_MS, waitsForEarlier } from './send-claim';
import { enqueueSendJobs, sendPriority } from './outbound';
import { callbacksProcessed } from './status-arrivals';
import { channelUnusable } from '@/lib/channels/usable';
import { marketingToOptedOut, OPTED_OUT } from '@/lib/opt-out/marketing';

// Sends queued messages through their channels' providers, once each (send-claim.ts), at
// each channel's pace (lib/channels/pace.ts). The provider calls happen outside any transaction;
// their outcomes are written in one:
// - accepted: provider id and `accepted`;
// - throttled: the channel pauses and the send is tried again later, however often it takes;
// - a transient failure: retried on MESSAGE_RETRY_SCHEDULE, then failed;
// - permanent error: `failed` at once;
// - no answer after the request went out whole (a timeout): kept claimed, and settled as below,
//   since the provider may have sent it.
// A message of a paused broadcast is left queued (resuming sends it); of a canceled one, failed.
// A job that finds the message claimed but unsettled waits out the claim: once it is older than
// SEND_CLAIM_STALE_MS the worker that held it is taken to have died mid-send, and the provider's
// callbacks decide (settleClaimed): sent again when they show it never arrived, "outcome unknown"
// when they never tell (a duplicate is worse than a gap the agent can see and resend).

export { SEND_CLAIM_STALE_MS };
const STALE_SECONDS = Math.ceil(SEND_CLAIM_STALE_MS / 1000);
/**
 * How far behind the statuses of later sends a send's own status may come: callbacks arriving this
 * long after a claim, with none naming the claimed message, show the provider never received it.
 */
export const STATUS_LAG_SECONDS = Number(process.env.SEND_STATUS_LAG_SECONDS || 60);
/** After this long past the stale claim without callbacks to tell, the outcome stays unknown. */
export const UNKNOWN_AFTER_SECONDS = 10 * STATUS_LAG_SECONDS;
export const OUTCOME_UNKNOWN_CODE = 'outcome_unknown';
export const OUTCOME_UNKNOWN_MESSAGE = 'outcome unknown: the send was cut short (its worker stopped, or the provider did not answer) and the provider never said whether it arrived; not resent to avoid a duplicate';
export const BROADCAST_CANCELED_CODE = 'broadcast_canceled';
export const OPTED_OUT_CODE = 'opted_out';
const SKIPPED_CODES = new Set([BROADCAST_CANCELED_CODE, OPTED_OUT_CODE]);

type MessageRow = typeof messages.$inferSelect;
type ChannelRow = typeof channels.$inferSelect;

const MEDIA = ['image', 'document', 'audio', 'video'] as const;

function outbound(m: MessageRow): OutboundMessage {
  const content = m.content as { template?: WireTemplate; text?: { body: string }; interactive?: WireInteractive } & Record<string, unknown>;
  if (m.msgType === 'template' && content.template) return { kind: 'template', to: m.toNumber, template: content.template, reference: m.id };
  if (m.msgType === 'interactive' && content.interactive) return { kind: 'interactive', to: m.toNumber, interactive: content.interactive, reference: m.id };
  const type = MEDIA.find((t) => t === m.msgType);
  if (type && content[type]) {
    const media = content[type] as { link: string; mime_type: string; filename: string; caption?: string };
    return {
      kind: 'media', to: m.toNumber, media: { type, link: media.link, mime_type: media.mime_type, filename: media.filename },
      caption: media.caption, reference: m.id,
    };
  }
  return { kind: 'text', to: m.toNumber, body: content.text?.body ?? m.body, reference: m.id };
}

type Failure = { id: string; attempts: number; code: string; message: string };

/** Marks these queued messages failed; the ids and accounts of those it moved. */
export function failedStatement(failures: Failure[]): SQL {
  return sql`
      update messages m set status = 'failed', failed_on = now(), failed_attempts = x.attempts,
        provider_error_code = left(x.code, 32), provider_error_message = x.message
      from jsonb_to_recordset(${JSON.stringify(failures)}::jsonb) as x(id uuid, attempts int, code text, message text)
      -- By the primary key only (send-claim.ts, acceptedStatement).
      where m.id = any(${sql.param(failures.map((f) => f.id))}::uuid[]) and m.id = x.id and m.status::text = 'queued'
      returning m.id, m.account_id`;
}

/** Fails queued messages, and their broadcast recipients with them. */
async function fail(failures: Failure[]) {
  if (!failures.length) return;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const failed = await execRows<{ id: string; account_id: number }>(tx, failedStatement(failures));
    await recordMessageEvents(tx, failed.map((f) => ({ accountId: f.account_id, id: f.id, type: 'message.status' as const })));
    const done = new Set(failed.map((f) => f.id));
    // A message its broadcast's cancel called off, or to a contact who opted out since, was never
    // tried: its recipient is skipped, as the cancel and the plan skip theirs, and "retry failed"
    // leaves it alone.
    await messagesProgressed(tx, failures.filter((f) => done.has(f.id)).map((f) => ({
      messageId: f.id, status: SKIPPED_CODES.has(f.code) ? 'skipped' as const : 'failed' as const, at: new Date(), reason: f.message,
    })));
  });
}

/**
 * A claimed message nobody settled (send-claim.ts): sent again once the provider's callbacks show
 * it never received it, failed as "outcome unknown" when they never show either way, otherwise
 * looked at again later. A status from the provider naming it settles it as accepted (status.ts).
 */
async function settleClaimed(m: MessageRow): Promise<void> {
  const db = await getDb();
  // A claimed burst may go out up to CLAIM_TO_SEND_MS after its claim (send-claim.ts): the lag is
  // counted from then.
  const lag = sql.raw(`interval '${STATUS_LAG_SECONDS * 1000 + CLAIM_TO_SEND_MS} milliseconds'`);
  const stale = sql`m.send_claimed_on < now() - ${sql.raw(`interval '${STALE_SECONDS} seconds'`)}`;
  const unsettled = sql`m.id = ${m.id} and m.status::text = 'queued' and (m.provider_id is null) is true and ${stale}`;
  const outcome = await db.transaction(async (tx) => {
    const [resent] = await execRows<{ id: string }>(tx, sql`
      update messages m set send_claimed_on = null, failed_attempts = m.failed_attempts + 1
      where ${unsettled} and exists (select 1 from channel_status_arrivals a
        where a.channel_id = m.channel_id and a.last_on >= m.send_claimed_on + ${lag})
        -- In one statement with the message's own state: a watermark past the lag was written after
        -- a status naming the message (received before it) was applied, so that status is seen here.
        and ${callbacksProcessed(sql`m.send_claimed_on`, sql`m.send_claimed_on + ${lag}`)}
      returning m.id`);
    if (resent) {
      await enqueue(tx, QUEUES.messageSend.name, { messageId: m.id }, { priority: sendPriority(m.source) });
      return 'resent';
    }
    const [failed] = await execRows<{ id: string }>(tx, sql`
      update messages m set status = 'failed', failed_on = now(), failed_attempts = m.failed_attempts + 1,
        provider_error_code = ${OUTCOME_UNKNOWN_CODE}, provider_error_message = ${OUTCOME_UNKNOWN_MESSAGE}
      where ${unsettled} and m.send_claimed_on < now() - ${sql.raw(`interval '${STALE_SECONDS + UNKNOWN_AFTER_SECONDS} seconds'`)}
      returning m.id`);
    if (!failed) return 'wait';
    await recordMessageEvents(tx, [{ accountId: m.accountId, id: m.id, type: 'message.status' }]);
    // The claim is made only once the request is whole but for its last byte (send-claim.ts), so a
    // claimed message almost surely reached the provider: a broadcast counts it as sent.
    await messagesProgressed(tx, [{ messageId: m.id, status: 'sent', at: new Date(), reason: OUTCOME_UNKNOWN_MESSAGE }]);
    return 'failed';
  });
  if (outcome !== 'wait') return;
  // Its sender may still be in flight, or threw before writing the outcome (then nothing else would
  // ever settle it), or the provider's callbacks have not yet told. Looked at again then: the delay
  // is reckoned with this process's clock, which at worst moves when; the decision is the database's.
  const age = m.sendClaimedOn ? Math.max(0, (Date.now() - m.sendClaimedOn.getTime()) / 1000) : 0;
  const next = age < STALE_SECONDS ? STALE_SECONDS - age + 1 : Math.max(1, Math.min(STATUS_LAG_SECONDS, 30));
  await enqueue(db, QUEUES.messageSend.name, { messageId: m.id }, { startAfter: Math.ceil(next), priority: sendPriority(m.source) });
}

/** Writes the provider's ids of accepted sends; the ids of the messages it moved. */
export function acceptedStatement(rows: { id: string; provider_id: string }[]): SQL {
  // Also over an "outcome unknown" failure: the provider did accept it, after all.
  return sql`
    update messages m set provider_id = x.provider_id, status = 'accepted', accepted_on = now(), failed_on = null,
      -- The errors of earlier attempts go: they are the reason a message failed, and it did not.
      provider_error_code = null, provider_error_message = null
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(id uuid, provider_id text)
    -- By the primary key only (send-claim.ts): the ids also as an array, whose size the planner
    -- reckons small, where it reckons the JSON's rows a hundred and would rather read the table.
    where m.id = any(${sql.param(rows.map((r) => r.id))}::uuid[]) and m.id = x.id and (m.provider_id is null) is true
      and (m.status = 'queued' or (m.status = 'failed' and m.provider_error_code = ${OUTCOME_UNKNOWN_CODE}))
    returning m.id`;
}

type Accepted = { m: MessageRow; channel: ChannelRow; providerId: string; broadcast: boolean };

/**
 * Writes the sends the provider accepted, for one or more bursts: one statement, in a transaction
 * with the sandbox's simulated statuses and the broadcast recipients' progress when there are any.
 */
async function writeAccepted(db: Db, accepted: Accepted[]) {
  const write = async (tx: Executor, inTransaction: boolean) => {
    // A broadcast's bursts all move its counters, so each waits for the previous one's commit:
    // that commit need not wait for the disk. The job's completion, a synchronous commit made
    // after this one, flushes it; lost with the database before that, the job runs again and
    // finds the message claimed, as after a worker's death.
    if (inTransaction) await tx.execute(sql`select set_config('synchronous_commit', 'off', true)`);
    const updated = await execRows<{ id: string }>(tx, acceptedStatement(accepted.map((a) => ({ id: a.m.id, provider_id: a.providerId }))));
    const moved = new Set(updated.map((u) => u.id));
    await messagesProgressed(tx, accepted.filter((a) => a.broadcast && moved.has(a.m.id))
      .map((a) => ({ messageId: a.m.id, status: 'sent' as const, at: new Date() })));
    await scheduleSandboxStatuses(tx, accepted.filter((a) => a.channel.channelProvider === 'PROVIDER_SANDBOX' && moved.has(a.m.id))
      .map((a) => ({ channelId: a.channel.id, providerId: a.providerId, status: 'sent' as const })));
  };
  const more = accepted.some((a) => a.broadcast || a.channel.channelProvider === 'PROVIDER_SANDBOX');
  await (more ? db.transaction((tx) => write(tx, true)) : write(db, false));
}

// Bursts settle through one writer per process: the bursts accepted while a write is in flight are
// written together by the next one, so that a broadcast's counters row (which each write updates)
// is not fought over by a transaction per burst.
const acceptedWriters = new WeakMap<Db, Coalescer<Accepted[], null>>();

async function recordAccepted(accepted: Accepted[]) {
  if (!accepted.length) return;
  const db = await getDb();
  await coalescerFor(acceptedWriters, db, () => new Coalescer<Accepted[], null>('accepted sends', async (bursts) => {
    await writeAccepted(db, bursts.flat());
    return bursts.map(() => null);
  })).store(accepted);
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

/**
 * A send that went out whole without an answer: it keeps its claim, so that, as for a worker that
 * died mid-send, the provider's callbacks decide whether it is sent again (settleClaimed). The
 * error stays on it meanwhile, for whoever looks at the message.
 */
async function awaitEvidence(m: MessageRow, code: string, message: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [kept] = await tx.update(messages).set({ providerErrorCode: code.slice(0, 32), providerErrorMessage: message })
      .where(and(eq(messages.id, m.id), eq(messages.status, 'queued'))).returning({ id: messages.id });
    if (kept) await enqueue(tx, QUEUES.messageSend.name, { messageId: m.id }, { startAfter: STALE_SECONDS + 1, priority: sendPriority(m.source) });
  });
}

type Sendable = { m: MessageRow; channel: ChannelRow; provider: ChannelProvider; broadcast: boolean };
type Loaded = { m: MessageRow; c: ChannelRow | null; broadcastStatus: string | null; behind: boolean; optedOut: boolean };

/** Looks at a loaded message: the ones to send now; the rest settled (or left) here. */
async function triage({ m, c: channel, broadcastStatus, behind, optedOut }: Loaded, failures: Parameters<typeof fail>[0], held: MessageRow[]): Promise<Sendable | null> {
  if (m.status !== 'queued' || m.providerId) return null;
  if (m.sendClaimedOn) { await settleClaimed(m); return null; }
  if (behind) { held.push(m); return null; }
  const failWith = (code: string, message: string) => { failures.push({ id: m.id, attempts: m.failedAttempts + 1, code, message }); return null; };
  if (broadcastStatus === 'PAUSED') return null; // resuming the broadcast sends it
  if (broadcastStatus === 'CANCELED') return failWith(BROADCAST_CANCELED_CODE, 'The broadcast was canceled.');
  // Every sender refuses this before queueing; a STOP that arrived since is honoured here.
  if (optedOut) return failWith(OPTED_OUT_CODE, OPTED_OUT);
  if (!channel) return failWith('channel_missing', 'The message\'s channel no longer exists.');
  const off = channelUnusable(channel);
  if (off) return failWith('channel_inactive', `The channel ${off}.`);
  try {
    return { m, channel, provider: providerFor(channel), broadcast: m.source === 'BROADCAST' };
  } catch (error) {
    return failWith('provider_error', (error as Error).message);
  }
}

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** Writes the outcomes of one burst. */
async function settle(outcomes: (Sendable & { result: SendOutcome })[]) {
  await recordAccepted(outcomes.flatMap((o) => (o.result.ok ? [{ m: o.m, channel: o.channel, providerId: o.result.providerId, broadcast: o.broadcast }] : [])));
  const failures: Parameters<typeof fail>[0] = [];
  let throttled = false;
  for (const { m, channel, result } of outcomes) {
    if (result.ok || 'calledOff' in result) continue;
    const attempts = m.failedAttempts + 1;
    if ('uncertain' in result) {
      // As often as a failure would be retried; after that it fails (a status naming it later
      // still settles it as accepted).
      if (messageRetryDelay(attempts) === null) failures.push({ id: m.id, attempts, code: result.code, message: result.message });
      else await awaitEvidence(m, result.code, result.message);
      continue;
    }
    if (result.throttled && !throttled) {
      throttled = true;
      await pauseChannel(await getDb(), channel.id);
    }
    const delay = result.throttled ? throttleRetryDelay(attempts) : result.retry ? messageRetryDelay(attempts) : null;
    if (delay === null) failures.push({ id: m.id, attempts, code: result.code, message: result.message });
    else await scheduleRetry(m, attempts, delay, result.code, result.message);
  }
  await fail(failures);
}

/** Messages that did not go out this time, sent by jobs of their own a second from now, each at its priority. */
async function sendSoon(items: Pick<MessageRow, 'id' | 'source'>[]) {
  await enqueueSendJobs(await getDb(), items, { startAfterSeconds: 1 });
}

/** One burst: fired at its slot, or reserved again when it would go out late. */
async function fireBurst(burst: Sendable[], slotAt: number): Promise<void> {
  const db = await getDb();
  const channel = burst[0].channel;
  const reslot = async (count: number) => Date.now() + (await reserveBurst(db, channel.id, channel.rateLimitPerSecond, count)).waitMs;
  let at = slotAt;
  for (let attempt = 0; attempt < 5; attempt++) {
    await sleep(at - claimLead() - Date.now());
    const claims = burstClaim(db, burst.map((s) => s.m.id), at, at + LATE_TOLERANCE_S * 1000, reslot);
    const outcomes = await Promise.all(burst.map(async (s) => {
      let result: SendOutcome;
      try {
        result = await s.provider.send(outbound(s.m), () => claims.claim(s.m.id));
      } catch (error) {
        result = { ok: false, retry: false, code: 'provider_error', message: (error as Error).message };
      }
      return { ...s, result };
    }));
    if (!claims.late()) {
      await settle(outcomes);
      // Held back behind an earlier message of their conversation, or called off for another reason
      // (claimed elsewhere, a claim given back that stayed, its broadcast paused): looked at again by
      // a job of their own, which sends, waits for or settles each (triage), so none is forgotten.
      const again = outcomes.filter((o) => !o.result.ok && 'calledOff' in o.result).map((o) => o.m);
      if (again.length) await sendSoon(again);
      return;
    }
    at = await reslot(burst.length);
  }
  // Never on time (a process too busy to keep its slots): nothing of the burst went out, so it is
  // sent by a job of its own a little later, however often that takes (a failing job would give
  // up after a few retries and leave its messages queued with nothing to send them).
  await sendSoon(burst.map((s) => s.m));
}

/**
 * A channel's share of the batch. A conversation's messages go out one after another, in the order
 * they were queued: the first of each conversation in a first wave, the second once the first wave
 * is settled, and so on.
 */
async function sendOnChannel(items: Sendable[]): Promise<void> {
  const waves: Sendable[][] = [];
  const rank = new Map<string, number>();
  for (const s of [...items].sort((a, b) => a.m.seq - b.m.seq)) {
    const key = s.m.conversationId ?? s.m.id;
    const r = rank.get(key) ?? 0;
    rank.set(key, r + 1);
    (waves[r] ??= []).push(s);
  }
  // A wave that fails (its outcomes could not be written) does not keep the next from going: its
  // unsettled messages hold back their conversations' later ones, which are tried again.
  let failure: unknown = null;
  for (const wave of waves) await sendWave(wave).catch((error: unknown) => { failure ??= error; });
  if (failure) throw failure;
}

/**
 * One wave, in bursts at successive slots. The slots are reserved up to a second's worth at a
 * time, so that the channel's pace stays full between batches while a batch holds no more of it
 * than it is about to use.
 */
async function sendWave(items: Sendable[]): Promise<void> {
  const db = await getDb();
  const { id, rateLimitPerSecond: limit } = items[0].channel;
  const size = burstSize(limit);
  const slotMs = slotSeconds(limit) * 1000;
  const perWindow = Math.max(size, Math.floor(1000 / slotMs / size) * size);
  // Each burst's failure is caught as it happens: one rejected while the next window is awaited
  // would otherwise be unhandled, and end the worker process.
  const fired: Promise<unknown>[] = [];
  for (let i = 0; i < items.length; i += perWindow) {
    const part = items.slice(i, i + perWindow);
    const { waitMs } = await reserveBurst(db, id, limit, part.length);
    const start = Date.now() + waitMs;
    for (let k = 0; k * size < part.length; k++) {
      fired.push(fireBurst(part.slice(k * size, (k + 1) * size), start + k * size * slotMs).then(() => null, (error: unknown) => ({ error })));
    }
    // The next window is reserved as this one ends.
    if (i + perWindow < items.length) await sleep(start + part.length * slotMs - Date.now() - 50);
  }
  const failed = (await Promise.all(fired)).find((r): r is { error: unknown } => r !== null);
  if (failed) throw failed.error;
}

/** The messages to send, each with its channel and what decides whether it goes now. */
export function loadQuery(db: Db, ids: string[]) {
  return db.select({
    m: messages, c: channels,
    // By the message's key (lib/broadcasts/progress.ts says why not a join).
    broadcastStatus: sql<string | null>`(select b.status from broadcast_recipients r join broadcasts b on b.id = r.broadcast_id
      where r.message_id = "messages"."id" limit 1)`,
    // Behind an earlier message of its conversation that this batch does not send itself.
    behind: sql<boolean>`${waitsForEarlier(sql`"messages"`, ids)}`,
    optedOut: sql<boolean>`${marketingToOptedOut(sql`"messages"`)}`,
  }).from(messages)
    .leftJoin(channels, eq(channels.id, messages.channelId))
    .where(inArray(messages.id, ids));
}

/**
 * Sends a batch of queued messages: loaded in one query, each channel's share paced and sent in
 * bursts claimed in one statement each, the outcomes settled per burst.
 */
export async function sendMessages(messageIds: string[]): Promise<void> {
  if (!messageIds.length) return;

  const db = await getDb();
  const ids = [...new Set(messageIds)];
  const rows: Loaded[] = await loadQuery(db, ids);
  const failures: Parameters<typeof fail>[0] = [];
  const held: MessageRow[] = [];
  const sendable = (await Promise.all(rows.map((row) => triage(row, failures, held)))).filter((s): s is Sendable => s !== null);
  await fail(failures);
  // Tried again shortly, without taking a place in the channel's pace meanwhile.
  if (held.length) await sendSoon(held);
  const byChannel = new Map<number, Sendable[]>();
  for (const s of sendable) byChannel.set(s.channel.id, [...(byChannel.get(s.channel.id) ?? []), s]);
  await Promise.all([...byChannel.values()].map(sendOnChannel));
}

export function sendMessage(messageId: string): Promise<void> {
  return sendMessages([messageId]);
}

/** One message, or a batch of them (a broadcast's chunk). */
type SendData = { messageId: string } | { messageIds: string[] };
const idsOf = (data: SendData) => ('messageIds' in data ? data.messageIds : [data.messageId]);

export const messageSendJob = defineJob<SendData>({
  name: QUEUES.messageSend.name,
  // Batches in flight at once per process: their bursts share each channel's pace, so more of
  // them only keeps the pace full while others wait on the provider and the database.
  concurrency: Number(process.env.MESSAGE_WORKER_CONCURRENCY || 4),
  batchSize: Number(process.env.MESSAGE_WORKER_BATCH || 100),
  handle: async (data) => sendMessages(idsOf(data)),
  handleBatch: async (jobs) => sendMessages(jobs.flatMap((j) => idsOf(j.data))),
});

const ORPHAN_GRACE_SECONDS = 300;

/**
 * Claimed messages whose every job is gone (a claim that stayed after its give-back failed, a "look
 * again later" that could not be enqueued): long past the time a job would have settled them (sent
 * again, or "outcome unknown"), each gets a job of its own, which settles it. So no recipient stays
 * pending for ever, whatever went wrong on the way.
 */
export async function sweepOrphanedClaims(): Promise<number> {
  const db = await getDb();
  const past = sql.raw(`interval '${STALE_SECONDS + UNKNOWN_AFTER_SECONDS + ORPHAN_GRACE_SECONDS} seconds'`);
  const orphans = await execRows<{ id: string; source: MessageRow['source'] }>(db, sql`
    select id, source from messages where status = 'queued' and send_claimed_on < now() - ${past} limit 1000`);
  await sendSoon(orphans);
  return orphans.length;
}

/** How long a queued message may go without a job before the sweep gives it one. */
export const STRANDED_AFTER_SECONDS = 600;

/**
 * Queued messages that no pending send job names (their job failed for good, say while the
 * database was away): each gets a job of its own. Without it they would never be sent, and every
 * later message of their conversations would wait behind them for ever. A paused broadcast's
 * messages are left queued on purpose (resuming sends them); a message with a job waiting, retrying
 * or running is that job's.
 */
export async function sweepStrandedMessages(): Promise<number> {
  const db = await getDb();
  const stranded = await execRows<{ id: string; source: MessageRow['source'] }>(db, sql`
    with pending as (
      select x.id::uuid as id from pgboss.job j,
        jsonb_array_elements_text(coalesce(j.data->'messageIds', jsonb_build_array(j.data->'messageId'))) as x(id)
      where j.name = ${QUEUES.messageSend.name} and j.state < 'completed' and x.id is not null)
    select m.id, m.source from messages m
    where m.status = 'queued' and m.send_claimed_on is null and m.provider_id is null
      and m.queued_on < now() - ${sql.raw(`interval '${STRANDED_AFTER_SECONDS} seconds'`)}
      and not exists (select 1 from pending p where p.id = m.id)
      and not exists (select 1 from broadcast_recipients r join broadcasts b on b.id = r.broadcast_id
        where r.message_id = m.id and b.status = 'PAUSED')
    limit 1000`);
  await sendSoon(stranded);
  return stranded.length;
}

export const messageSendSweepJob = defineJob<Record<string, never>>({
  name: QUEUES.messageSendSweep.name,
  concurrency: 1,
  schedule: '*/5 * * * *',
  handle: async () => {
    const found = await sweepOrphanedClaims();
    if (found) console.log(`[messages] ${found} claimed message(s) had no job left; each has one again`);
    const stranded = await sweepStrandedMessages();
    if (stranded) console.log(`[messages] ${stranded} queued message(s) had no job left; each has one again`);
  },
});
