import { sql, type SQL } from 'drizzle-orm';
import { execRows, inTransaction, type Executor } from '@/db';
import { webhookEvents } from '@/db/schema';
import { insertRowsFromJson } from '@/lib/sql/insert-json';
import { enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { lockChains } from './chain-lock';
import type { SerializedEvent } from './serializer';
import type { WebhookEventType } from './validation';

export type InterestedSubscription = { id: string; events: WebhookEventType[] };

// A transaction that records several kinds of events (a send: the contact's, the message's, the
// conversation's) reads the account's subscriptions once.
const perTransaction = new WeakMap<object, Map<number, Promise<InterestedSubscription[]>>>();

/** The account's active subscriptions as one JSON array, a value another statement may carry (knownSubscriptions). */
export function interestedSubscriptionsSql(accountId: SQL | number): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', s.id, 'events', s.events)), '[]')
    from webhook_subscriptions s where s.account_id = ${accountId} and s.is_active)`;
}

function transactionCache(tx: Executor): Map<number, Promise<InterestedSubscription[]>> {
  const cached = perTransaction.get(tx) ?? new Map<number, Promise<InterestedSubscription[]>>();
  perTransaction.set(tx, cached);
  return cached;
}

/** The account's subscriptions as a statement of the transaction read them (interestedSubscriptionsSql): not read again. */
export function knownSubscriptions(tx: Executor, accountId: number, subscriptions: InterestedSubscription[]): void {
  if (inTransaction(tx)) transactionCache(tx).set(accountId, Promise.resolve(subscriptions));
}

/** The account's active subscriptions: callers skip building payloads nobody asked for. */
export async function interestedSubscriptions(tx: Executor, accountId: number): Promise<InterestedSubscription[]> {
  const read = async (): Promise<InterestedSubscription[]> => {
    const [row] = await execRows<{ subscriptions: InterestedSubscription[] }>(tx, sql`select ${interestedSubscriptionsSql(accountId)} as subscriptions`);
    return row.subscriptions;
  };
  if (!inTransaction(tx)) return read(); // outside a transaction, always as stored now
  const cached = transactionCache(tx);
  let found = cached.get(accountId);
  if (!found) {
    found = read();
    found.catch(() => cached.delete(accountId));
    cached.set(accountId, found);
  }
  return found;
}

/** `data` is the resource as the API serializes it (for contact events, a Contact). */
export type DomainEvent = { type: WebhookEventType; resourceId: string; data: SerializedEvent['data'] };

/** The stored event: its payload is the envelope every delivery of it sends. */
export function eventRow(accountId: number, event: DomainEvent, now: Date) {
  const id = crypto.randomUUID();
  const payload: SerializedEvent = { id, type: event.type, created_on: now.toISOString(), data: event.data };
  return { id, accountId, type: event.type, resourceId: event.resourceId, createdOn: now, payload };
}

/**
 * Records events in the caller's transaction, with one delivery per interested active
 * subscription, and enqueues the sends that are first in their (subscription, resource) chain.
 * Later deliveries for the same resource wait for the earlier one to finish, so a receiver sees a
 * resource's events in the order they happened, even across retries.
 */
export async function recordEvents(
  tx: Executor, accountId: number, events: DomainEvent[], subscriptions?: InterestedSubscription[],
): Promise<void> {
  if (!events.length) return;
  subscriptions ??= await interestedSubscriptions(tx, accountId);
  const wanted = events.filter((e) => subscriptions.some((s) => s.events.includes(e.type)));
  if (!wanted.length) return;

  const now = new Date();
  const rows = wanted.map((e) => eventRow(accountId, e, now));
  // Rows travel as one JSON parameter: an import's batch records thousands of events, and as many
  // deliveries for each subscription, past the limit of bound parameters a statement may carry.
  await tx.execute(insertRowsFromJson(webhookEvents, rows));
  const deliveries = rows.flatMap((e) => subscriptions.filter((s) => s.events.includes(e.type))
    .map((s) => ({ subscriptionId: s.id, eventId: e.id, resourceId: e.resourceId })));
  await enqueueDeliveries(tx, deliveries);
}

/** Adds deliveries (in the given order) and starts those at the head of their chain. */
export async function enqueueDeliveries(
  tx: Executor, deliveries: { subscriptionId: string; eventId: string; resourceId: string }[],
): Promise<string[]> {
  if (!deliveries.length) return [];
  await lockChains(tx, deliveries);
  // In the order given: a chain's deliveries take their `seq` in the order of its events.
  const inserted = await execRows<{ id: string }>(tx, sql`insert into webhook_deliveries (subscription_id, event_id, resource_id)
    select (x.d->>0)::uuid, (x.d->>1)::uuid, x.d->>2
    from jsonb_array_elements(${JSON.stringify(deliveries.map((d) => [d.subscriptionId, d.eventId, d.resourceId]))}::jsonb)
      with ordinality as x(d, n)
    order by x.n
    returning id`);
  const ids = inserted.map((d) => d.id);
  // Heads: no earlier pending delivery in the same chain.
  const heads = await execRows<{ id: string }>(tx, sql`
    select d.id from webhook_deliveries d
    where d.id = any(${sql.param(ids)}::uuid[])
      and not exists (select 1 from webhook_deliveries e
        where e.subscription_id = d.subscription_id and e.resource_id = d.resource_id
          and e.status = 'PENDING' and e.seq < d.seq)`);
  await enqueueMany(tx, heads.map((h) => ({ name: QUEUES.webhookDeliver.name, data: { deliveryId: h.id } })));
  return ids;
}
