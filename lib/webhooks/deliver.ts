import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { getDb, type Executor } from '@/db';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEvents, webhookSubscriptions } from '@/db/schema';
import { enqueue } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { lockChains } from './chain-lock';
import { postWebhook, type SendResult } from './http-send';
import { maxAttempts, nextDelaySeconds, parseRetryAfter } from './retry-schedule';
import { signatureHeaders } from './signing';

// One attempt of one delivery. The HTTP call happens outside any transaction; its outcome, the
// attempt log, the next retry or the next delivery of the chain are written in one transaction.

const FAILING_DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;

async function load(db: Executor, deliveryId: string) {
  const [row] = await db.select({
    delivery: webhookDeliveries, event: webhookEvents, subscription: webhookSubscriptions,
    // Not first in its chain: an earlier delivery for the same resource is still pending.
    blocked: sql<boolean>`exists (select 1 from webhook_deliveries e
      where e.subscription_id = ${webhookDeliveries.subscriptionId} and e.resource_id = ${webhookDeliveries.resourceId}
        and e.status = 'PENDING' and e.seq < ${webhookDeliveries.seq})`,
  })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(eq(webhookDeliveries.id, deliveryId)).limit(1);
  return row ?? null;
}

/** Starts the next pending delivery of the chain, if any (caller holds the chain lock). */
async function startNext(tx: Executor, d: typeof webhookDeliveries.$inferSelect) {
  const [next] = await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(and(
    eq(webhookDeliveries.subscriptionId, d.subscriptionId), eq(webhookDeliveries.resourceId, d.resourceId),
    eq(webhookDeliveries.status, 'PENDING'), sql`${webhookDeliveries.seq} > ${d.seq}`,
  )).orderBy(asc(webhookDeliveries.seq)).limit(1);
  if (next) await enqueue(tx, QUEUES.webhookDeliver.name, { deliveryId: next.id });
}

function secretsInForce(s: typeof webhookSubscriptions.$inferSelect): string[] {
  const previous = s.previousSecret && s.previousSecretExpiresOn && s.previousSecretExpiresOn > new Date() ? [s.previousSecret] : [];
  return [s.secret, ...previous];
}

export async function deliverWebhook(deliveryId: string): Promise<void> {
  const db = await getDb();
  const row = await load(db, deliveryId);
  if (!row || row.delivery.status !== 'PENDING') return;
  // Not first in its chain: the earlier delivery starts this one when it finishes.
  if (row.blocked) return;
  const { delivery, event, subscription } = row;

  if (!subscription.isActive) {
    await db.transaction(async (tx) => {
      await lockChains(tx, [delivery]);
      await tx.update(webhookDeliveries).set({ status: 'FAILED', nextAttemptOn: null })
        .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'PENDING')));
      await startNext(tx, delivery);
    });
    return;
  }

  const body = JSON.stringify(event.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = signatureHeaders(secretsInForce(subscription), event.id, timestamp, body);
  const result = await postWebhook(subscription.target, headers, body);
  await recordOutcome(delivery, subscription, headers, body, result);
}

async function recordOutcome(
  delivery: typeof webhookDeliveries.$inferSelect, subscription: typeof webhookSubscriptions.$inferSelect,
  headers: Record<string, string>, body: string, result: SendResult,
) {
  const db = await getDb();
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const gone = result.status === 410;
  const attempts = delivery.attempts + 1;
  const now = new Date();
  await db.transaction(async (tx) => {
    await lockChains(tx, [delivery]);
    await tx.insert(webhookDeliveryAttempts).values({
      deliveryId: delivery.id, requestHeaders: headers, requestBody: body, responseStatus: result.status,
      responseBody: result.body, durationMs: result.durationMs, error: result.error,
    });
    const failingSince = subscription.failingSince ?? now;
    let disableReason: string | null = null;
    if (gone) disableReason = `The target answered 410 Gone on ${now.toISOString()}.`;
    else if (!ok && now.getTime() - failingSince.getTime() >= FAILING_DISABLE_AFTER_MS) {
      disableReason = `Every delivery attempt failed from ${failingSince.toISOString()} to ${now.toISOString()}.`;
    }
    const delay = ok || gone || disableReason ? null : nextDelaySeconds(attempts, parseRetryAfter(result.retryAfter));
    const status = ok ? 'SUCCEEDED' : delay === null ? 'FAILED' : 'PENDING';
    // Only the run that made attempt number `attempts` moves the delivery on: a duplicate run of the
    // same job (a worker presumed dead) logs its attempt but neither retries nor starts the next.
    const moved = await tx.update(webhookDeliveries).set({
      attempts, lastAttemptOn: now, status, nextAttemptOn: delay === null ? null : new Date(now.getTime() + delay * 1000),
    }).where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'PENDING'),
      eq(webhookDeliveries.attempts, delivery.attempts))).returning({ id: webhookDeliveries.id });
    if (!moved.length) return;
    // Every delivery of a subscription would otherwise update (and lock) the same row: write it only
    // when its state changes — the first failure, a recovery, or disabling.
    if (ok && subscription.failingSince) {
      await tx.update(webhookSubscriptions).set({ failingSince: null })
        .where(and(eq(webhookSubscriptions.id, subscription.id), isNotNull(webhookSubscriptions.failingSince)));
    } else if (!ok && (!subscription.failingSince || disableReason)) {
      await tx.update(webhookSubscriptions)
        .set({ failingSince: sql`coalesce(${webhookSubscriptions.failingSince}, ${failingSince.toISOString()}::timestamptz)`,
          ...(disableReason ? { isActive: false, disabledReason: disableReason } : {}) })
        .where(eq(webhookSubscriptions.id, subscription.id));
    }
    if (delay !== null) {
      await enqueue(tx, QUEUES.webhookDeliver.name, { deliveryId: delivery.id }, { startAfter: Math.max(1, Math.ceil(delay)) });
    } else {
      await startNext(tx, delivery);
    }
  });
}

