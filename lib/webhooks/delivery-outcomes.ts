import { sql } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';
import { enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { lockChains } from './chain-lock';
import type { SendResult } from './http-send';
import { nextDelaySeconds, parseRetryAfter } from './retry-schedule';

// What the attempts of a batch of deliveries lead to, written in one transaction: the attempt log,
// each delivery's new state and retry, the next delivery of each finished chain, and the health of
// the subscriptions (failing since when, disabled and why).

const FAILING_DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;

/** A delivery as loaded for sending: its event's payload and its subscription's settings. */
export type PendingDelivery = {
  id: string; subscription_id: string; resource_id: string; status: string; attempts: number;
  event_id: string; payload: unknown; blocked: boolean; due: boolean;
  is_active: boolean; target: string; secret: string; previous_secret: string | null;
  previous_secret_expires_on: Date | string | null; failing_since: Date | string | null;
};

/** `at`: when the request went out, which the log shows (the batch is written once its slowest attempt ends). */
export type Attempted = { delivery: PendingDelivery; headers: Record<string, string>; body: string; result: SendResult; at: Date };

type Plan = {
  attempted: Attempted; ok: boolean; attempts: number; status: 'SUCCEEDED' | 'FAILED' | 'PENDING';
  retryAt: Date | null; disableReason: string | null;
};

const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));

function plan(a: Attempted, now: Date): Plan {
  const { result, delivery } = a;
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const attempts = delivery.attempts + 1;
  const failingSince = asDate(delivery.failing_since) ?? now;
  let disableReason: string | null = null;
  if (result.status === 410) disableReason = `The target answered 410 Gone on ${now.toISOString()}.`;
  else if (!ok && now.getTime() - failingSince.getTime() >= FAILING_DISABLE_AFTER_MS) {
    disableReason = `Every delivery attempt failed from ${failingSince.toISOString()} to ${now.toISOString()}.`;
  }
  const delay = ok || disableReason ? null : nextDelaySeconds(attempts, parseRetryAfter(result.retryAfter));
  return {
    attempted: a, ok, attempts, disableReason,
    status: ok ? 'SUCCEEDED' : delay === null ? 'FAILED' : 'PENDING',
    retryAt: delay === null ? null : new Date(now.getTime() + Math.max(1, Math.ceil(delay)) * 1000),
  };
}

async function logAttempts(tx: Executor, attempted: Attempted[]) {
  await tx.execute(sql`
    insert into webhook_delivery_attempts (delivery_id, request_headers, request_body, response_status, response_body, duration_ms, error, created_on)
    select x.delivery_id, x.request_headers, x.request_body, x.response_status, x.response_body, x.duration_ms, x.error, x.created_on
    from jsonb_to_recordset(${JSON.stringify(attempted.map((a) => ({
      delivery_id: a.delivery.id, request_headers: a.headers, request_body: a.body, response_status: a.result.status,
      response_body: a.result.body, duration_ms: a.result.durationMs, error: a.result.error, created_on: a.at.toISOString(),
    })))}::jsonb) as x(delivery_id uuid, request_headers jsonb, request_body text, response_status int,
      response_body text, duration_ms int, error text, created_on timestamptz)`);
}

/**
 * Moves each delivery on. Only the run that made attempt number `attempts` does: a duplicate run
 * of the same job (a worker presumed dead) has its attempt logged but neither retries nor starts
 * the next delivery. Returns the ids that moved.
 */
async function moveDeliveries(tx: Executor, plans: Plan[]): Promise<Set<string>> {
  const moved = await execRows<{ id: string }>(tx, sql`
    update webhook_deliveries d set attempts = x.attempts, last_attempt_on = x.attempted_on,
      status = x.status::webhook_delivery_status, next_attempt_on = x.retry_at
    from jsonb_to_recordset(${JSON.stringify(plans.map((p) => ({
      id: p.attempted.delivery.id, previous: p.attempted.delivery.attempts, attempts: p.attempts, status: p.status,
      retry_at: p.retryAt?.toISOString() ?? null, attempted_on: p.attempted.at.toISOString(),
    })))}::jsonb) as x(id uuid, previous int, attempts int, status text, retry_at timestamptz, attempted_on timestamptz)
    where d.id = x.id and d.status = 'PENDING' and d.attempts = x.previous
    returning d.id`);
  return new Set(moved.map((m) => m.id));
}

/**
 * Every delivery of a subscription would otherwise update (and lock) the same row: it is written
 * only when its state changes — the first failure, a recovery, or disabling — once per batch.
 */
async function updateSubscriptionHealth(tx: Executor, plans: Plan[], now: Date) {
  const health = new Map<string, { failingSince: Date | null; initial: Date | null; disableReason: string | null }>();
  for (const p of plans) {
    const d = p.attempted.delivery;
    const state = health.get(d.subscription_id)
      ?? { failingSince: asDate(d.failing_since), initial: asDate(d.failing_since), disableReason: null };
    if (p.ok) state.failingSince = null;
    else {
      state.failingSince ??= now;
      state.disableReason ??= p.disableReason;
    }
    health.set(d.subscription_id, state);
  }
  for (const [id, state] of health) {
    if (state.disableReason) {
      await tx.execute(sql`update webhook_subscriptions set is_active = false, disabled_reason = ${state.disableReason},
        failing_since = coalesce(failing_since, ${(state.failingSince ?? now).toISOString()}::timestamptz) where id = ${id}`);
    } else if (state.failingSince?.getTime() !== state.initial?.getTime()) {
      // The first failure, a recovery, or failing again after a recovery within the batch.
      await tx.execute(sql`update webhook_subscriptions
        set failing_since = ${state.failingSince?.toISOString() ?? null}::timestamptz where id = ${id}`);
    }
  }
}

/** Enqueues the next pending delivery of the chain of each finished delivery (chain locks held). */
async function startNext(tx: Executor, finishedIds: string[]) {
  if (!finishedIds.length) return;
  const next = await execRows<{ id: string }>(tx, sql`
    select n.id from webhook_deliveries d
    cross join lateral (select id from webhook_deliveries n
      where n.subscription_id = d.subscription_id and n.resource_id = d.resource_id
        and n.status = 'PENDING' and n.seq > d.seq order by n.seq limit 1) n
    where d.id = any(${sql.param(finishedIds)}::uuid[])`);
  await enqueueMany(tx, [...new Set(next.map((n) => n.id))].map((id) => ({ name: QUEUES.webhookDeliver.name, data: { deliveryId: id } })));
}

/**
 * Writes the outcome of a batch: `attempted` were sent, `inactive` belong to a disabled
 * subscription and fail without being sent (so the chains behind them move on).
 */
export async function recordOutcomes(db: Db, allAttempted: Attempted[], allInactive: PendingDelivery[]): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await lockChains(tx, [...allAttempted.map((a) => a.delivery), ...allInactive].map((d) => ({ subscriptionId: d.subscription_id })));
    // A subscription deleted while its deliveries were on their way took them with it: their
    // outcomes have nothing left to be written to, and end here.
    const ids = [...allAttempted.map((a) => a.delivery.id), ...allInactive.map((d) => d.id)];
    const alive = new Set((await execRows<{ id: string }>(tx, sql`
      select id from webhook_deliveries where id = any(${sql.param(ids)}::uuid[]) for update`)).map((r) => r.id));
    const attempted = allAttempted.filter((a) => alive.has(a.delivery.id));
    const inactive = allInactive.filter((d) => alive.has(d.id));
    const plans = attempted.map((a) => plan(a, now));
    let finished: string[] = inactive.map((d) => d.id);
    if (inactive.length) {
      await tx.execute(sql`update webhook_deliveries set status = 'FAILED', next_attempt_on = null
        where id = any(${sql.param(finished)}::uuid[]) and status = 'PENDING'`);
    }
    if (plans.length) {
      await logAttempts(tx, attempted);
      const moved = await moveDeliveries(tx, plans);
      const movedPlans = plans.filter((p) => moved.has(p.attempted.delivery.id));
      await updateSubscriptionHealth(tx, movedPlans, now);
      await enqueueMany(tx, movedPlans.filter((p) => p.retryAt).map((p) => ({
        name: QUEUES.webhookDeliver.name, data: { deliveryId: p.attempted.delivery.id }, startAfter: p.retryAt!,
      })));
      finished = [...finished, ...movedPlans.filter((p) => !p.retryAt).map((p) => p.attempted.delivery.id)];
    }
    await startNext(tx, finished);
  });
}
