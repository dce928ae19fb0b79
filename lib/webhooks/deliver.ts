import { sql } from 'drizzle-orm';
import { execRows, getDb, type Executor } from '@/db';
import { postWebhook } from './http-send';
import { recordOutcomes, type Attempted, type PendingDelivery } from './delivery-outcomes';
import { signatureHeaders } from './signing';

// One attempt of each delivery of a batch of jobs. The batch is loaded in one query, the HTTP
// calls run side by side outside any transaction, and every outcome (attempt log, next retry,
// next delivery of each chain, subscription health) is written in one transaction. A batch costs
// a handful of round trips to the database instead of several per delivery.

async function loadDeliveries(db: Executor, ids: string[]): Promise<PendingDelivery[]> {
  return execRows<PendingDelivery>(db, sql`
    select d.id, d.subscription_id, d.resource_id, d.status, d.attempts, d.event_id, e.payload,
      -- A retry made earlier by hand (retryDeliveryNow) left its scheduled job a delivery not yet due.
      (d.next_attempt_on is null or d.next_attempt_on <= now() + interval '1 second') as due,
      s.is_active, s.target, s.secret, s.previous_secret, s.previous_secret_expires_on, s.failing_since,
      -- Not first in its chain: an earlier delivery for the same resource is still pending, and
      -- starts this one when it finishes.
      exists (select 1 from webhook_deliveries p
        where p.subscription_id = d.subscription_id and p.resource_id = d.resource_id
          and p.status = 'PENDING' and p.seq < d.seq) as blocked
    from webhook_deliveries d
    join webhook_events e on e.id = d.event_id
    join webhook_subscriptions s on s.id = d.subscription_id
    where d.id = any(${sql.param(ids)}::uuid[])`);
}

function secretsInForce(d: PendingDelivery): string[] {
  const expires = d.previous_secret_expires_on ? new Date(d.previous_secret_expires_on) : null;
  return [d.secret, ...(d.previous_secret && expires && expires > new Date() ? [d.previous_secret] : [])];
}

async function attempt(d: PendingDelivery): Promise<Attempted> {
  const body = JSON.stringify(d.payload);
  const at = new Date();
  const headers = signatureHeaders(secretsInForce(d), d.event_id, Math.floor(at.getTime() / 1000), body);
  return { delivery: d, headers, body, result: await postWebhook(d.target, headers, body), at };
}

export async function deliverWebhooks(deliveryIds: string[]): Promise<void> {
  if (!deliveryIds.length) return;
  const db = await getDb();
  // Jobs whose delivery is gone, already finished, waiting behind an earlier one, or not yet due do nothing.
  const ready = (await loadDeliveries(db, [...new Set(deliveryIds)])).filter((d) => d.status === 'PENDING' && !d.blocked && d.due);
  if (!ready.length) return;
  const inactive = ready.filter((d) => !d.is_active);
  const attempted = await Promise.all(ready.filter((d) => d.is_active).map(attempt));
  await recordOutcomes(db, attempted, inactive);
}

export function deliverWebhook(deliveryId: string): Promise<void> {
  return deliverWebhooks([deliveryId]);
}
