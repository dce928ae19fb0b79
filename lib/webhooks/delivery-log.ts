import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEvents, webhookSubscriptions } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import { enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { enqueueDeliveries, eventRow } from './record-events';
import {
  serializeAttempt, serializeDelivery, type SerializedDelivery, type SerializedDeliveryDetail, type SerializedDeliveryResent,
  type SerializedResendFailed, type SerializedTestEvent,
} from './serializer';
import { getSubscriptionRow } from './subscriptions';
import { testEventData } from './samples';

// What was sent, and sending again: the per-subscription delivery log, resends and test events.

const deliveryColumns = { delivery: webhookDeliveries, eventType: webhookEvents.type };

export async function listDeliveries(db: Db, accountId: number, subscriptionId: string, url: URL, page: PageRequest, status?: string) {
  await getSubscriptionRow(db, accountId, subscriptionId);
  const where = and(eq(webhookDeliveries.subscriptionId, subscriptionId),
    status ? eq(webhookDeliveries.status, status as 'PENDING') : undefined);
  const [rows, [{ count }]] = await Promise.all([
    db.select(deliveryColumns).from(webhookDeliveries).innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where).orderBy(desc(webhookDeliveries.seq)).limit(page.pageSize).offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where),
  ]);
  return pageEnvelope(url, page, Number(count), rows.map((r) => serializeDelivery({ ...r.delivery, eventType: r.eventType })));
}

async function deliveryRow(db: Db, accountId: number, deliveryId: string) {
  const [row] = await db.select({ ...deliveryColumns, payload: webhookEvents.payload }).from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookSubscriptions.accountId, accountId))).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** One delivery with its payload and every attempt (request headers and body, answer, timing). */
export async function getDelivery(db: Db, accountId: number, deliveryId: string): Promise<SerializedDeliveryDetail> {
  const row = await deliveryRow(db, accountId, deliveryId);
  const attempts = await db.select().from(webhookDeliveryAttempts)
    .where(eq(webhookDeliveryAttempts.deliveryId, deliveryId)).orderBy(asc(webhookDeliveryAttempts.id));
  return { ...serializeDelivery({ ...row.delivery, eventType: row.eventType }), payload: row.payload as SerializedDeliveryDetail['payload'], attempt_log: attempts.map(serializeAttempt) };
}

/** Sends a delivery's event again, as a new delivery with a fresh set of attempts. */
export async function resendDelivery(db: Db, accountId: number, deliveryId: string): Promise<SerializedDeliveryResent> {
  const row = await deliveryRow(db, accountId, deliveryId);
  // Still being attempted, it would arrive twice.
  if (row.delivery.status === 'PENDING') throw ValidationError.nonField('This delivery is still being attempted: resend it once it has succeeded or failed.');
  refuseSwitchedOff(await getSubscriptionRow(db, accountId, row.delivery.subscriptionId), 'resend');
  const [id] = await db.transaction((tx) => enqueueDeliveries(tx, [{
    subscriptionId: row.delivery.subscriptionId, eventId: row.delivery.eventId, resourceId: row.delivery.resourceId,
  }]));
  return { id };
}

/** A retry this close is made anyway: moving it up could have two attempts cross. */
const RETRY_SOON_MS = 10_000;

/**
 * A delivery waiting out a retry, attempted now rather than at its next attempt (its receiver is
 * fixed): the same delivery, its attempts and retry schedule going on from there. The job that was
 * to make the later attempt finds it no longer due and leaves it (deliver.ts).
 */
export async function retryDeliveryNow(db: Db, accountId: number, deliveryId: string): Promise<SerializedDelivery> {
  const row = await deliveryRow(db, accountId, deliveryId);
  const d = row.delivery;
  if (d.status !== 'PENDING') throw ValidationError.nonField(`This delivery has ${d.status === 'SUCCEEDED' ? 'succeeded' : 'failed'}: resend it instead.`);
  refuseSwitchedOff(await getSubscriptionRow(db, accountId, d.subscriptionId), 'retry its deliveries');
  if (d.attempts === 0 || !d.nextAttemptOn) {
    throw ValidationError.nonField('This delivery has not been attempted yet: it goes out as soon as it can, after any earlier delivery for the same resource.');
  }
  const moved = await db.transaction(async (tx) => {
    const [updated] = await tx.update(webhookDeliveries).set({ nextAttemptOn: sql`now()` })
      .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.status, 'PENDING'), eq(webhookDeliveries.attempts, d.attempts),
        sql`${webhookDeliveries.nextAttemptOn} > now() + ${sql.raw(`interval '${RETRY_SOON_MS} milliseconds'`)}`))
      .returning();
    if (updated) await enqueueMany(tx, [{ name: QUEUES.webhookDeliver.name, data: { deliveryId: d.id } }]);
    return updated;
  });
  if (!moved) throw ValidationError.nonField('This delivery is being attempted now, or within seconds.');
  return serializeDelivery({ ...moved, eventType: row.eventType });
}

/** A switched-off subscription delivers nothing: what is asked of it would fail at once. */
function refuseSwitchedOff(subscription: { isActive: boolean }, what: string): void {
  if (!subscription.isActive) throw ValidationError.nonField(`This subscription is switched off: switch it on to ${what}.`);
}

/**
 * Every event of the subscription whose deliveries since a moment all failed, sent again once, in
 * their original order: an event delivered (or being delivered) by a later resend is not sent again,
 * and an event with several failed deliveries (the original and earlier resends) goes once.
 */
export async function resendFailedSince(db: Db, accountId: number, subscriptionId: string, since: Date): Promise<SerializedResendFailed> {
  refuseSwitchedOff(await getSubscriptionRow(db, accountId, subscriptionId), 'resend its deliveries');
  // The first failed delivery of each such event, in the order they were made.
  const events = await execRows<{ event_id: string; resource_id: string }>(db, sql`
    select event_id, resource_id from (
      select distinct on (d.event_id) d.event_id, d.resource_id, d.seq from webhook_deliveries d
      where d.subscription_id = ${subscriptionId} and d.status = 'FAILED' and d.created_on >= ${since.toISOString()}::timestamptz
        and not exists (select 1 from webhook_deliveries o where o.subscription_id = d.subscription_id
          and o.event_id = d.event_id and o.status <> 'FAILED' and o.created_on >= ${since.toISOString()}::timestamptz)
      order by d.event_id, d.seq) first
    order by seq`);
  const ids = await db.transaction((tx) => enqueueDeliveries(tx, events.map((d) => ({
    subscriptionId, eventId: d.event_id, resourceId: d.resource_id,
  }))));
  return { resent: ids.length };
}

/** A test event of the subscription's first event type, carrying a sample resource. */
export async function sendTestEvent(db: Db, accountId: number, subscriptionId: string): Promise<SerializedTestEvent> {
  const subscription = await getSubscriptionRow(db, accountId, subscriptionId);
  refuseSwitchedOff(subscription, 'send a test event');
  const type = subscription.events[0];
  const now = new Date();
  const data = testEventData(type, now);
  return db.transaction(async (tx) => {
    const row = eventRow(accountId, { type, resourceId: 'test', data }, now);
    const id = row.id;
    await tx.insert(webhookEvents).values({ ...row, resourceId: `test:${id}` });
    const [deliveryId] = await enqueueDeliveries(tx, [{ subscriptionId, eventId: id, resourceId: `test:${id}` }]);
    return { event: id, delivery: deliveryId, type };
  });
}
