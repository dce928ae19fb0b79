import { sql, type SQL } from 'drizzle-orm';
import { CLOUD_API_TIMEOUT_MS } from '@/lib/channels/cloud-api/http';
import { execRows, type Executor } from '@/db';
import { marketingToOptedOut } from '@/lib/opt-out/marketing';

// THE EXACTLY-ONCE CLAIM. A queued message goes to its provider only after this claim marks it
// (send_claimed_on, set only while it is NULL), in one statement for a burst of messages. The
// provider calls are ready before the claim is made and cannot be processed until it succeeds:
// a Cloud API request is written but for its last byte (lib/channels/cloud-api/http.ts, `hold`),
// and only the claim's success sends that byte. So:
// - a job that runs twice, or two workers with the same message, send it once (one claim wins);
// - a message waits for the earlier messages of its conversation: the claim passes it over while
//   one is still queued, so a conversation's messages reach the provider in the order queued;
// - a worker killed before the claim commits sent nothing: its requests were never whole, and the
//   message is still unclaimed, so the job's retry sends it;
// - a worker killed after the claim leaves a claimed, unsettled message: the provider may or may
//   not have received it. Every send names our message (`biz_opaque_callback_data`) and the
//   provider's status callbacks carry that name back, so a status naming it settles it as accepted
//   (status.ts). Once the claim is stale and callbacks have kept arriving well past it
//   (SEND_STATUS_LAG_SECONDS) without naming it, the provider never received it and it is sent
//   again (send-job.ts). A channel whose callbacks never tell either way (its webhook not set up)
//   gets no second send: the message fails as "outcome unknown".

// Statements that find messages by id write their checks of a message's state as `status::text =
// 'queued'` and `(provider_id is null) is true`, which no index answers, so that only the primary
// key is left to find the rows: written plainly, they match the partial index of queued messages
// and the NULL entries of the provider-id index, which statistics taken before a queue filled
// believe small, and a claim of a few messages read every queued one.

/** Twice the provider timeout: a live worker has its answer (or its timeout) well within this. */
export const SEND_CLAIM_STALE_MS = 2 * CLOUD_API_TIMEOUT_MS;
const STALE_INTERVAL = sql.raw(`interval '${Math.ceil(SEND_CLAIM_STALE_MS / 1000)} seconds'`);

/**
 * SQL: whether the message `m` must wait for an earlier message of its conversation. Messages of
 * one conversation go out in the order they were queued, except that a broadcast's messages neither
 * wait nor are waited for (a paused broadcast holds up no reply), and one waiting to be tried again
 * after a failure, or whose claim is stale (its worker died, or it waits for the provider's callbacks
 * to tell whether it arrived, send-job.ts), or queued more than an hour ago, holds back nothing. `except` leaves out earlier
 * messages the caller sends itself, in order.
 */
export function waitsForEarlier(m: SQL, except: string[] = []): SQL {
  return sql`(${m}.source <> 'BROADCAST' and exists (select 1 from messages e
    where e.conversation_id = ${m}.conversation_id and e.status = 'queued' and e.seq < ${m}.seq
      and e.direction = 'OUTBOUND' and e.source <> 'BROADCAST' and e.queued_on > now() - interval '1 hour'
      and (e.send_claimed_on > now() - ${STALE_INTERVAL} or (e.send_claimed_on is null and e.failed_attempts = 0))
      and e.id <> all(${sql.param(except)}::uuid[])))`;
}

/** The claim of these messages (see above): the ids it claimed. */
export function claimStatement(ids: string[]): SQL {
  return sql`
    with behind as (
      select a.id from messages a where a.id = any(${sql.param(ids)}::uuid[])
        and a.status::text = 'queued' and (a.provider_id is null) is true and a.send_claimed_on is null and ${waitsForEarlier(sql`a`)}
    ), claimed as (
      -- The clock at the row's update, not the statement's start: a claim that waited on a lock
      -- is dated when it was made, which the resend's reckoning counts from (send-job.ts).
      update messages set send_claimed_on = clock_timestamp()
      where id = any(${sql.param(ids)}::uuid[]) and id not in (select id from behind)
        and status::text = 'queued' and (provider_id is null) is true and send_claimed_on is null
        -- A broadcast paused or canceled since the burst was planned: its messages stay behind.
        and not exists (select 1 from broadcast_recipients r join broadcasts b on b.id = r.broadcast_id
          where r.message_id = messages.id and b.status in ('PAUSED', 'CANCELED'))
        -- Nor a MARKETING template to a contact who opted out since: the next look fails it (send-job.ts).
        and not ${marketingToOptedOut(sql`messages`)}
        -- Nor a channel switched off or deleted since: the send job's next look fails them (channelUnusable).
        -- A scalar subquery, checked per claimed row: as a join the planner would find the messages by channel.
        and coalesce((select ch.status::text <> 'INACTIVE' and ch.deleted_on is null from channels ch where ch.id = messages.channel_id), false)
      returning id
    )
    select id from claimed`;
}

export type BurstClaim = {
  /** For one message of the burst: resolves true when it may go out. */
  claim: (messageId: string) => Promise<boolean>;
  /** Whether the burst was called off (it came later than its deadline, or the claim failed): it must try again. */
  late: () => boolean;
};

// The claim is started this long before its slot, so that it is answered when the slot comes.
// Its round trip is a few milliseconds on an idle database but tens now and then on a busy one,
// and a burst answered later than its slot's tolerance loses the slot (the channel's pace moved on
// without it): so the lead covers the slow round trips, not the usual one, and grows with a slow
// database. A longer lead only holds claimed messages a little longer before they go out (a worker
// killed meanwhile leaves them for the provider's callbacks to settle, as below); a send on an idle
// channel, whose slot is now, is not delayed by it.
let claimMs = 5;
const MIN_LEAD_MS = 100;
const MAX_LEAD_MS = 250;
// How long a claim answered late may wait for a new slot before it is given back instead.
const MAX_HOLD_MS = 1_000;
/** The longest a claimed message waits between its claim and its send: the hold, and the reslots before it. */
export const CLAIM_TO_SEND_MS = 2 * MAX_HOLD_MS;

/** How long before its slot a burst should start claiming. */
export function claimLead(): number {
  return Math.min(MAX_LEAD_MS, Math.max(MIN_LEAD_MS, claimMs * 4));
}

/**
 * Claims a burst's messages together, once every one of them asked (or a short while after the
 * first did): messages whose provider call failed before it was ready never ask. Claimed messages
 * go out at `slot` (ms since the epoch), or, when the claim is answered after `deadline`, at the
 * slot `reslot` reserves for them then. A burst already past its deadline claims nothing: the
 * caller reserves again.
 */
export function burstClaim(
  db: Executor, messageIds: string[], slot: number, deadline: number, reslot: (count: number) => Promise<number>,
): BurstClaim {
  const waiting = new Map<string, (ok: boolean) => void>();
  let settled = false;
  let wasLate = false;
  let timer: NodeJS.Timeout | null = null;

  const settle = async () => {
    if (settled) return;
    settled = true;
    if (timer) clearTimeout(timer);
    const asked = [...waiting.entries()];
    const answer = (ids: Set<string>) => asked.forEach(([id, resolve]) => resolve(ids.has(id)));
    if (Date.now() > deadline) {
      wasLate = true;
      return answer(new Set());
    }
    try {
      const ids = asked.map(([id]) => id);
      const started = Date.now();
      const claimed = await execRows<{ id: string }>(db, claimStatement(ids));
      claimMs = 0.8 * claimMs + 0.2 * (Date.now() - started);
      // The claim came too late for its slot: the claimed messages keep their claim and go out at
      // a slot reserved now (held to the same tolerance), when that slot is near. Giving the claim
      // back to claim again writes every row twice more, and a busy database, slower still, would
      // never claim in time; holding it long would keep the request open and the outcome unsettled.
      // The time is checked again after every wait: a timer that fires late (a busy event loop)
      // must not let a burst out past its slot's tolerance, where it would crowd the next second.
      const tolerance = deadline - slot;
      let at = slot;
      for (let attempt = 0; claimed.length; attempt++) {
        if (Date.now() < at) await new Promise((resolve) => setTimeout(resolve, at - Date.now()));
        if (Date.now() <= at + tolerance) break;
        const next = attempt < 5 ? await reslot(claimed.length).catch(() => null) : null;
        if (next === null || next - Date.now() > MAX_HOLD_MS || next - started > CLAIM_TO_SEND_MS) {
          wasLate = true;
          await db.execute(sql`update messages set send_claimed_on = null
            where id = any(${sql.param(claimed.map((c) => c.id))}::uuid[]) and (provider_id is null) is true and status::text = 'queued'`);
          return answer(new Set());
        }
        at = next;
      }
      answer(new Set(claimed.map((c) => c.id)));
    } catch {
      // Nothing claimed, so nothing goes out: the burst tries again as if it had come late.
      wasLate = true;
      answer(new Set());
    }
  };

  return {
    claim: (messageId) => new Promise<boolean>((resolve) => {
      if (settled) return resolve(false);
      waiting.set(messageId, resolve);
      if (waiting.size === new Set(messageIds).size) void settle();
      else timer ??= setTimeout(() => void settle(), 50);
    }),
    late: () => wasLate,
  };
}
