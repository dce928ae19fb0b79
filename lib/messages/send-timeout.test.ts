import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { eq, sql } from 'drizzle-orm';
import { FakeCloud } from '../../e2e/api/fake-cloud';

// A provider that takes the whole request and never answers in time: the send may have gone out,
// so it is not sent again on the retry schedule; the provider's callbacks decide (send-job.ts).
// Here with a short provider timeout, so a file of its own.
process.env.CLOUD_API_TIMEOUT_MS = '300';

const { closeDatabase, execRows, getDb } = await import('@/db');
const { conversations, messages } = await import('@/db/schema');
const { stopQueue } = await import('@/lib/jobs/queue');
const { queuedCloudMessage } = await import('@/lib/test-support/queued-cloud-message');
const { SEND_CLAIM_STALE_MS, sendMessage } = await import('./send-job');
const { applyStatus } = await import('./status');

let cloud: FakeCloud;

const queuedMessage = (name: string, baseUrl = cloud.baseUrl) => queuedCloudMessage(baseUrl, `send-timeout ${name}`);

const reload = async (id: string) => (await (await getDb()).select().from(messages).where(eq(messages.id, id)))[0];

beforeAll(async () => { cloud = await new FakeCloud().start(); });
afterAll(async () => {
  await stopQueue();
  await closeDatabase();
  await cloud.stop();
});

describe('a send the provider never answers in time', () => {
  it('keeps its claim and is not sent again by the next job, which waits for the claim to go stale', async () => {
    const { db, message, phoneNumberId } = await queuedMessage('kept');
    cloud.onSend(phoneNumberId, () => ({ status: 200, json: { messages: [{ id: 'wamid.TOOLATE' }] }, delayMs: 1000 }));
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(1);
    expect(await reload(message.id)).toMatchObject({
      status: 'queued', providerId: null, failedAttempts: 0, sendClaimedOn: expect.any(Date), providerErrorCode: 'network',
      providerErrorMessage: expect.stringMatching(/did not answer within/),
    });
    const [job] = await execRows<{ start_after: Date; created_on: Date }>(db, sql`select start_after, created_on from pgboss.job
      where name = 'message-send' and data->>'messageId' = ${message.id} and state = 'created'`);
    expect(job, 'a job looks at it again').toBeTruthy();
    expect(new Date(job.start_after).getTime() - new Date(job.created_on).getTime()).toBeGreaterThanOrEqual(SEND_CLAIM_STALE_MS);
    await sendMessage(message.id); // that job, run early: the claim is fresh, so it waits
    expect(cloud.sends(phoneNumberId)).toHaveLength(1);
  });

  it('is settled as accepted by the provider\'s status naming it, without a second send', async () => {
    const { message, phoneNumberId, channelId } = await queuedMessage('named');
    cloud.onSend(phoneNumberId, () => ({ status: 200, json: { messages: [{ id: 'wamid.SLOWOK' }] }, delayMs: 1000 }));
    await sendMessage(message.id);
    await applyStatus(await getDb(), { channelId, providerId: 'wamid.SLOWOK', status: 'sent', at: new Date(), reference: message.id });
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(1);
    expect(await reload(message.id)).toMatchObject({ status: 'sent', providerId: 'wamid.SLOWOK', providerErrorCode: null, providerErrorMessage: null });
  });

  it('is not waited on past the retry schedule: the last attempt that goes unanswered fails it', async () => {
    const { db, message, phoneNumberId } = await queuedMessage('spent');
    await db.update(messages).set({ failedAttempts: 5 }).where(eq(messages.id, message.id)); // the default schedule has five retries
    cloud.onSend(phoneNumberId, () => ({ status: 200, json: { messages: [{ id: 'wamid.NEVER' }] }, delayMs: 1000 }));
    await sendMessage(message.id);
    expect(await reload(message.id)).toMatchObject({ status: 'failed', failedAttempts: 6, providerErrorCode: 'network' });
  });

  it('a redirect is an answer: not taken for a send that may have arrived', async () => {
    const { message, phoneNumberId } = await queuedMessage('moved');
    cloud.onSend(phoneNumberId, () => ({ status: 301, json: {} }));
    await sendMessage(message.id);
    expect(await reload(message.id)).toMatchObject({ status: 'queued', sendClaimedOn: null, failedAttempts: 1 });
  });

  it('a claim gone stale holds back no later message of its conversation', async () => {
    const { db, message: first, phoneNumberId } = await queuedMessage('stale');
    const [conversation] = await db.insert(conversations).values({ accountId: first.accountId, contactId: first.contactId, channelId: first.channelId }).returning();
    await db.update(messages).set({ conversationId: conversation.id, sendClaimedOn: sql`now() - ${sql.raw(`interval '${Math.ceil(SEND_CLAIM_STALE_MS / 1000) + 5} seconds'`)}` })
      .where(eq(messages.id, first.id));
    const { id: _id, seq: _seq, ...rest } = first;
    const [second] = await db.insert(messages).values({ ...rest, conversationId: conversation.id, sendClaimedOn: null, body: 'second', content: { text: { body: 'second' } }, queuedOn: new Date() }).returning();
    await sendMessage(second.id);
    expect(await reload(second.id)).toMatchObject({ status: 'accepted' });
    expect(cloud.sends(phoneNumberId)).toHaveLength(1);
  });

  it('a connection refused before anything went out is retried as before', async () => {
    const { message } = await queuedMessage('refused', 'http://127.0.0.1:9');
    await sendMessage(message.id);
    const after = await reload(message.id);
    expect(after.status).toBe('queued');
    expect(after.sendClaimedOn).toBeNull();
  });
});
