import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { eq, sql } from 'drizzle-orm';
import { Receiver } from '../../e2e/api/receiver';

// A delivery's job attempts it only when it is due: a retry made earlier by hand (retryDeliveryNow)
// leaves the job scheduled for the old time a delivery whose next attempt has moved on.
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = '127.0.0.1';

const { closeDatabase, getDb } = await import('@/db');
const { webhookDeliveries, webhookEvents, webhookSubscriptions } = await import('@/db/schema');
const { stopQueue } = await import('@/lib/jobs/queue');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { deliverWebhooks } = await import('./deliver');

let receiver: Receiver;
beforeAll(async () => { receiver = await new Receiver().start(); });
afterAll(async () => {
  await stopQueue();
  await closeDatabase();
  await receiver.stop();
});

async function deliveryWaitingUntil(path: string, nextAttempt: string) {
  const db = await getDb();
  const seeded = await seedTestAccount(db, { country: 'MX' });
  const [sub] = await db.insert(webhookSubscriptions).values({
    accountId: seeded.account_id, target: receiver.url(path), events: ['contact.created'], secret: 'whsec_dGVzdA==',
  }).returning();
  const [event] = await db.insert(webhookEvents).values({
    accountId: seeded.account_id, type: 'contact.created', resourceId: 'c1', payload: { id: 'e1', type: 'contact.created', data: {} },
  }).returning();
  const [delivery] = await db.insert(webhookDeliveries).values({
    subscriptionId: sub.id, eventId: event.id, resourceId: 'c1', attempts: 1, nextAttemptOn: sql`now() + ${sql.raw(`interval '${nextAttempt}'`)}`,
  }).returning();
  return { db, delivery };
}

describe('deliverWebhooks', () => {
  it('leaves a delivery whose next attempt is still ahead, and attempts one that is due', async () => {
    const { db, delivery } = await deliveryWaitingUntil('/not-due', '10 minutes');
    await deliverWebhooks([delivery.id]);
    expect(receiver.at('/not-due')).toHaveLength(0);
    expect((await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id)))[0]).toMatchObject({ status: 'PENDING', attempts: 1 });

    const due = await deliveryWaitingUntil('/due', '-1 second');
    await deliverWebhooks([due.delivery.id]);
    expect(receiver.at('/due')).toHaveLength(1);
    expect((await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, due.delivery.id)))[0]).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
  });
});
