import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { eq, sql } from 'drizzle-orm';
import { FakeCloud } from '../../e2e/api/fake-cloud';

// The send job against a real database: the embedded engine in memory, or the scratch Postgres
// database in TEST_DATABASE_URL (set it to run this on Postgres too). The provider is the fake
// Cloud API on loopback, which records every request it gets.
process.env.MESSAGE_RETRY_SCHEDULE = '1,1';

const { closeDatabase, execRows, getDb } = await import('@/db');
const { broadcastRecipients, broadcasts, callbackWatermarks, channelStatusArrivals, channels, chatTemplates, contacts, conversations, messages } = await import('@/db/schema');
const { WATERMARK_LIVE_SECONDS } = await import('./status-arrivals');
const { stopQueue } = await import('@/lib/jobs/queue');
const { queuedCloudMessage } = await import('@/lib/test-support/queued-cloud-message');
const { OUTCOME_UNKNOWN_CODE, OUTCOME_UNKNOWN_MESSAGE, SEND_CLAIM_STALE_MS, STATUS_LAG_SECONDS, STRANDED_AFTER_SECONDS, UNKNOWN_AFTER_SECONDS, sendMessage, sendMessages, sweepOrphanedClaims, sweepStrandedMessages } = await import('./send-job');
const { enqueue } = await import('@/lib/jobs/enqueue');
const { applyStatus } = await import('./status');

let cloud: FakeCloud;

const queuedMessage = () => queuedCloudMessage(cloud.baseUrl, 'send-job');

/** Two messages queued one after the other in one conversation ("first", then "second"). */
async function queuedPair() {
  const { db, message: first, phoneNumberId } = await queuedMessage();
  const [conversation] = await db.insert(conversations).values({ accountId: first.accountId, contactId: first.contactId, channelId: first.channelId }).returning();
  await db.update(messages).set({ conversationId: conversation.id, body: 'first', content: { text: { body: 'first' } } }).where(eq(messages.id, first.id));
  const { id: _id, seq: _seq, ...rest } = first;
  const [second] = await db.insert(messages).values({ ...rest, conversationId: conversation.id, body: 'second', content: { text: { body: 'second' } }, queuedOn: new Date() }).returning();
  const bodies = () => cloud.sends(phoneNumberId).map((r) => (r.body as { text: { body: string } }).text.body);
  return { db, first, second, phoneNumberId, bodies };
}

async function reload(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

beforeAll(async () => {
  cloud = await new FakeCloud().start();
});

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
  await cloud.stop();
});

describe('sendMessage', () => {
  it('calls the provider once when the job runs twice in a row', async () => {
    const { message, phoneNumberId } = await queuedMessage();
    await sendMessage(message.id);
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(1);
    expect(await reload(message.id)).toMatchObject({ status: 'accepted', providerId: expect.stringMatching(/^wamid\./) });
  });

  it('sends a conversation\'s messages in the order they were queued, the next once the one before it is accepted', async () => {
    const { first, second, phoneNumberId, bodies } = await queuedPair();
    cloud.onSend(phoneNumberId, (count) => (count === 1 ? { status: 200, json: { messages: [{ id: `wamid.SLOW${Date.now()}` }] }, delayMs: 300 } : undefined));
    await sendMessages([second.id, first.id]);
    expect(bodies()).toEqual(['first', 'second']);
    const [a, b] = cloud.sends(phoneNumberId);
    expect(b.at - a.at).toBeGreaterThanOrEqual(290); // not sent side by side: after the first's answer
    expect(await reload(second.id)).toMatchObject({ status: 'accepted' });
  });

  it('holds a message back while an earlier one of its conversation is still queued, and sends it after that one', async () => {
    const { db, first, second, bodies } = await queuedPair();
    await sendMessage(second.id);
    expect(bodies()).toEqual([]);
    expect(await reload(second.id)).toMatchObject({ status: 'queued', sendClaimedOn: null });
    const [retry] = await execRows<{ id: string }>(db, sql`select id from pgboss.job
      where name = 'message-send' and data->'messageIds' ? ${second.id} and start_after > now()`);
    expect(retry, 'tried again a little later').toBeTruthy();
    await sendMessage(first.id);
    await sendMessage(second.id);
    expect(bodies()).toEqual(['first', 'second']);
  });

  it('a message waiting to be tried again after a failure holds back nothing after it', async () => {
    const { db, first, second, bodies } = await queuedPair();
    await db.update(messages).set({ failedAttempts: 1 }).where(eq(messages.id, first.id));
    await sendMessage(second.id);
    expect(bodies()).toEqual(['second']);
  });

  it('calls the provider once when two jobs run side by side', async () => {
    const { message, phoneNumberId } = await queuedMessage();
    cloud.onSend(phoneNumberId, () => ({ status: 200, json: { messages: [{ id: `wamid.SLOW${Date.now()}` }] }, delayMs: 300 }));
    await Promise.all([sendMessage(message.id), sendMessage(message.id), sendMessage(message.id)]);
    expect(cloud.sends(phoneNumberId)).toHaveLength(1);
    expect(await reload(message.id)).toMatchObject({ status: 'accepted', providerId: expect.stringMatching(/^wamid\.SLOW/) });
  });

  it('a message whose claim went elsewhere after it was loaded is looked at again by a job of its own, never dropped', async () => {
    const { db, message, phoneNumberId } = await queuedMessage();
    // The channel's next slot is two seconds off: the batch loads the message at once, then waits
    // for its slot, and meanwhile another worker claims the message.
    await db.execute(sql`insert into channel_send_pace (channel_id, next_slot) values (${message.channelId}, clock_timestamp() + interval '2 seconds')
      on conflict (channel_id) do update set next_slot = excluded.next_slot`);
    const sending = sendMessage(message.id);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await db.update(messages).set({ sendClaimedOn: new Date() }).where(eq(messages.id, message.id));
    await sending;
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({ status: 'queued', failedAttempts: 0 });
    const [again] = await execRows<{ id: string }>(db, sql`select id from pgboss.job
      where name = 'message-send' and data->'messageIds' ? ${message.id} and state = 'created'`);
    expect(again, 'the burst called it off and gave it a job of its own').toBeTruthy();
  });

  const claimedAgo = (seconds: number) => sql`now() - ${sql.raw(`interval '${seconds} seconds'`)}`;
  const staleSeconds = Math.ceil(SEND_CLAIM_STALE_MS / 1000) + 5;

  const unknownSeconds = staleSeconds + UNKNOWN_AFTER_SECONDS;
  // Also clears the web processes' watermarks (other test files write theirs in this database).
  const callbacksArrived = async (db: Awaited<ReturnType<typeof getDb>>, channelId: number, secondsAgo: number) => {
    await db.delete(callbackWatermarks);
    await db.insert(channelStatusArrivals).values({ channelId, lastOn: claimedAgo(secondsAgo) })
      .onConflictDoUpdate({ target: channelStatusArrivals.channelId, set: { lastOn: claimedAgo(secondsAgo) } });
  };

  it('a claim left by a worker that died mid-send, with no callbacks from the provider to tell, fails the message instead of sending again', async () => {
    const { db, message, phoneNumberId } = await queuedMessage();
    await db.update(messages).set({ sendClaimedOn: claimedAgo(unknownSeconds) }).where(eq(messages.id, message.id));
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({
      status: 'failed', providerId: null, failedOn: expect.any(Date), failedAttempts: 1,
      providerErrorCode: OUTCOME_UNKNOWN_CODE, providerErrorMessage: OUTCOME_UNKNOWN_MESSAGE,
    });
    expect(OUTCOME_UNKNOWN_MESSAGE).toMatch(/^outcome unknown: /);
  });

  it('a stale claim waits while the provider\'s callbacks have not yet come far enough past it to tell', async () => {
    const { db, message, phoneNumberId } = await queuedMessage();
    await db.update(messages).set({ sendClaimedOn: claimedAgo(staleSeconds + STATUS_LAG_SECONDS) }).where(eq(messages.id, message.id));
    await callbacksArrived(db, message.channelId!, STATUS_LAG_SECONDS + 5); // only shortly after the claim
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({ status: 'queued', failedAttempts: 0, sendClaimedOn: expect.any(Date) });
  });

  it('a stale claim is sent again, once, when the provider\'s later callbacks never named it (it never arrived)', async () => {
    const { db, message, phoneNumberId } = await queuedMessage();
    await db.update(messages).set({ sendClaimedOn: claimedAgo(staleSeconds + STATUS_LAG_SECONDS) }).where(eq(messages.id, message.id));
    await callbacksArrived(db, message.channelId!, 0);
    await sendMessage(message.id); // releases the claim and enqueues the send again
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({ status: 'queued', failedAttempts: 1, sendClaimedOn: null });
    await Promise.all([sendMessage(message.id), sendMessage(message.id)]); // the enqueued send, and a duplicate of it
    expect(cloud.sends(phoneNumberId)).toHaveLength(1);
    expect(await reload(message.id)).toMatchObject({ status: 'accepted', providerId: expect.stringMatching(/^wamid\./) });
  });

  it('a stale claim waits while a live web process still holds a callback received before the lag was up', async () => {
    const { db, message, phoneNumberId } = await queuedMessage();
    // Long enough ago that a process beating since then can have been silent past WATERMARK_LIVE_SECONDS.
    const claimedSeconds = Math.max(staleSeconds + STATUS_LAG_SECONDS, WATERMARK_LIVE_SECONDS + 30);
    expect(claimedSeconds).toBeLessThan(unknownSeconds);
    await db.update(messages).set({ sendClaimedOn: claimedAgo(claimedSeconds) }).where(eq(messages.id, message.id));
    await callbacksArrived(db, message.channelId!, 0);
    // Another process received a callback one second after the claim and is still processing it.
    const held = { processId: `held-${message.id}`, throughOn: claimedAgo(claimedSeconds - 1), beatOn: sql`now()` };
    await db.insert(callbackWatermarks).values(held);
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({ status: 'queued', failedAttempts: 0, sendClaimedOn: expect.any(Date) });
    // A process that died after the claim may have held a status naming the message, which its
    // provider sends again at some later time: not resent while that process's watermark stays.
    await db.update(callbackWatermarks).set({ beatOn: claimedAgo(claimedSeconds - 10) })
      .where(eq(callbackWatermarks.processId, held.processId));
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({ status: 'queued', failedAttempts: 0, sendClaimedOn: expect.any(Date) });
    // Nor while its last beat came shortly before the claim: it may have lived on without beating.
    await db.update(callbackWatermarks).set({ beatOn: claimedAgo(claimedSeconds + 60) })
      .where(eq(callbackWatermarks.processId, held.processId));
    await sendMessage(message.id);
    expect(await reload(message.id)).toMatchObject({ status: 'queued', failedAttempts: 0, sendClaimedOn: expect.any(Date) });
    // A process gone quiet long before the claim held nothing about it.
    await db.update(callbackWatermarks).set({ beatOn: claimedAgo(claimedSeconds + WATERMARK_LIVE_SECONDS + 10) })
      .where(eq(callbackWatermarks.processId, held.processId));
    await sendMessage(message.id);
    expect(await reload(message.id)).toMatchObject({ status: 'queued', failedAttempts: 1, sendClaimedOn: null });
  });

  it('a claimed message whose every job is gone is found by the sweep and settled, never left pending', async () => {
    const { db, message, phoneNumberId } = await queuedMessage();
    await db.update(messages).set({ sendClaimedOn: claimedAgo(unknownSeconds + 400) }).where(eq(messages.id, message.id));
    const fresh = await queuedMessage();
    await db.update(messages).set({ sendClaimedOn: claimedAgo(unknownSeconds) }).where(eq(messages.id, fresh.message.id));
    expect(await sweepOrphanedClaims()).toBeGreaterThanOrEqual(1);
    const jobsFor = (id: string) => execRows<{ id: string }>(db, sql`select id from pgboss.job
      where name = 'message-send' and data->'messageIds' ? ${id} and state = 'created'`);
    expect(await jobsFor(message.id)).toHaveLength(1);
    expect(await jobsFor(fresh.message.id), 'one a job may still be looking after is left alone').toHaveLength(0);
    await sendMessage(message.id); // what that job does
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({ status: 'failed', providerErrorCode: OUTCOME_UNKNOWN_CODE });
  });

  it('a queued message no pending job names is found by the sweep and sent, and the one behind it after it', async () => {
    const { db, first, second, bodies } = await queuedPair();
    const queuedAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);
    await db.update(messages).set({ queuedOn: queuedAgo(STRANDED_AFTER_SECONDS + 60) }).where(eq(messages.id, first.id));
    // The second was held behind the first, and waits in a job of its own.
    await db.update(messages).set({ queuedOn: queuedAgo(STRANDED_AFTER_SECONDS + 30) }).where(eq(messages.id, second.id));
    await sendMessage(second.id);
    const recent = await queuedMessage();
    const withJob = await queuedMessage();
    await db.update(messages).set({ queuedOn: queuedAgo(STRANDED_AFTER_SECONDS + 60) }).where(eq(messages.id, withJob.message.id));
    await enqueue(db, 'message-send', { messageId: withJob.message.id }, { startAfter: 60 });
    const paused = await queuedMessage();
    await db.update(messages).set({ queuedOn: queuedAgo(STRANDED_AFTER_SECONDS + 60) }).where(eq(messages.id, paused.message.id));
    const [b] = await db.insert(broadcasts).values({ accountId: paused.message.accountId, name: 'Paused', status: 'PAUSED', total: 1, pending: 1 }).returning();
    await db.insert(broadcastRecipients).values({
      broadcastId: b.id, phone: paused.message.toNumber, canonicalPhone: paused.message.toNumber, contactId: paused.message.contactId, messageId: paused.message.id,
    });

    expect(await sweepStrandedMessages()).toBeGreaterThanOrEqual(1);
    const jobsFor = (id: string) => execRows<{ id: string }>(db, sql`select id from pgboss.job
      where name = 'message-send' and (data->'messageIds' ? ${id} or data->>'messageId' = ${id}) and state = 'created'`);
    expect(await jobsFor(first.id), 'the stranded one').toHaveLength(1);
    expect(await jobsFor(second.id), 'held, its own job already waits').toHaveLength(1);
    expect(await jobsFor(recent.message.id), 'queued a moment ago').toHaveLength(0);
    expect(await jobsFor(withJob.message.id), 'its job waits to run').toHaveLength(1);
    expect(await jobsFor(paused.message.id), 'its broadcast is paused').toHaveLength(0);
    await sendMessage(first.id); // what that job does
    await sendMessage(second.id);
    expect(bodies()).toEqual(['first', 'second']);
  });

  it('a status naming the message settles a send whose answer was lost: accepted with the provider\'s id, not sent again', async () => {
    const { db, message, phoneNumberId } = await queuedMessage();
    await db.update(messages).set({ sendClaimedOn: claimedAgo(1) }).where(eq(messages.id, message.id));
    const at = new Date();
    const id = await db.transaction((tx) => applyStatus(tx, {
      channelId: message.channelId!, providerId: 'wamid.LOSTANSWER', status: 'sent', at, reference: message.id,
    }));
    expect(id).toBe(message.id);
    expect(await reload(message.id)).toMatchObject({ status: 'sent', providerId: 'wamid.LOSTANSWER', acceptedOn: expect.any(Date), sentOn: at });
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    // A reference alone never reaches another channel's message, nor one already answered.
    expect(await db.transaction((tx) => applyStatus(tx, {
      channelId: message.channelId! + 1000, providerId: 'wamid.OTHER', status: 'sent', at, reference: message.id,
    }))).toBeNull();
  });

  it('a status naming a message released to be sent again, arriving before the second send, spares it', async () => {
    const { db, message, phoneNumberId } = await queuedMessage();
    await db.update(messages).set({ sendClaimedOn: null, failedAttempts: 1 }).where(eq(messages.id, message.id));
    expect(await db.transaction((tx) => applyStatus(tx, {
      channelId: message.channelId!, providerId: 'wamid.LATESTATUS', status: 'sent', at: new Date(), reference: message.id,
    }))).toBe(message.id);
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({ status: 'sent', providerId: 'wamid.LATESTATUS' });
  });

  it('a fresh claim (a send in flight elsewhere) is left alone', async () => {
    const { db, message, phoneNumberId } = await queuedMessage();
    await db.update(messages).set({ sendClaimedOn: sql`now()` }).where(eq(messages.id, message.id));
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({ status: 'queued', failedAttempts: 0, sendClaimedOn: expect.any(Date) });
  });

  it('a throttled send releases its claim, and the retry sends exactly once more', async () => {
    const { message, phoneNumberId } = await queuedMessage();
    cloud.onSend(phoneNumberId, (n) => (n === 1
      ? { status: 429, json: { error: { message: '(#130429) Rate limit hit', code: 130429 } } } : undefined));
    await sendMessage(message.id);
    expect(await reload(message.id)).toMatchObject({ status: 'queued', failedAttempts: 1, sendClaimedOn: null, providerErrorCode: '130429' });
    await sendMessage(message.id); // the scheduled retry
    await sendMessage(message.id); // and a duplicate of it
    expect(cloud.sends(phoneNumberId)).toHaveLength(2);
    // The throttling was not why anything failed: the accepted message no longer shows it.
    expect(await reload(message.id)).toMatchObject({
      status: 'accepted', failedAttempts: 1, providerId: expect.stringMatching(/^wamid\./), providerErrorCode: null, providerErrorMessage: null,
    });
  });

  it('a late acceptance overrides the "outcome unknown" failure', async () => {
    const { db, message, phoneNumberId } = await queuedMessage();
    // The stale check runs while this send is still waiting for the provider.
    cloud.onSend(phoneNumberId, () => ({ status: 200, json: { messages: [{ id: 'wamid.LATE' }] }, delayMs: 400 }));
    const sending = sendMessage(message.id);
    await new Promise((r) => setTimeout(r, 150));
    await db.update(messages).set({ sendClaimedOn: claimedAgo(unknownSeconds) }).where(eq(messages.id, message.id));
    await sendMessage(message.id);
    expect(await reload(message.id)).toMatchObject({ status: 'failed', providerErrorCode: OUTCOME_UNKNOWN_CODE });
    await sending;
    expect(cloud.sends(phoneNumberId)).toHaveLength(1);
    expect(await reload(message.id)).toMatchObject({
      status: 'accepted', providerId: 'wamid.LATE', failedOn: null, providerErrorCode: null, providerErrorMessage: null,
    });
  });
});

describe('sendMessage for a broadcast or a channel stopped meanwhile', () => {
  async function broadcastMessage(status: 'RUNNING' | 'CANCELED') {
    const queued = await queuedMessage();
    const { db, message } = queued;
    await db.update(messages).set({ source: 'BROADCAST' }).where(eq(messages.id, message.id));
    const [b] = await db.insert(broadcasts).values({ accountId: message.accountId, name: 'B', status, total: 1, pending: 1 }).returning();
    const [r] = await db.insert(broadcastRecipients).values({
      broadcastId: b.id, phone: message.toNumber, canonicalPhone: message.toNumber, contactId: message.contactId, messageId: message.id,
    }).returning();
    const recipient = async () => (await db.select().from(broadcastRecipients).where(eq(broadcastRecipients.id, r.id)))[0];
    const counters = async () => (await db.select().from(broadcasts).where(eq(broadcasts.id, b.id)))[0];
    return { ...queued, recipient, counters };
  }

  it('a message its broadcast\'s cancel called off is not sent, and its recipient is skipped, not failed', async () => {
    const { message, phoneNumberId, recipient, counters } = await broadcastMessage('CANCELED');
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({ status: 'failed', providerErrorCode: 'broadcast_canceled' });
    expect(await recipient()).toMatchObject({ status: 'skipped', reason: 'The broadcast was canceled.' });
    expect(await counters()).toMatchObject({ pending: 0, skipped: 1, failed: 0 });
  });

  it('a message whose channel was switched off is not sent: it fails with the reason, and so does its recipient', async () => {
    const { db, message, phoneNumberId, recipient, counters } = await broadcastMessage('RUNNING');
    await db.update(channels).set({ status: 'INACTIVE' }).where(eq(channels.id, message.channelId!));
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({ status: 'failed', providerErrorCode: 'channel_inactive' });
    expect(await recipient()).toMatchObject({ status: 'failed', reason: 'The channel is switched off.' });
    expect(await counters()).toMatchObject({ pending: 0, failed: 1 });
  });
});

describe('a template to a contact who opted out after it was queued', () => {
  /** The queued message made a template send of `category`, and its contact opted out since (unless `optedOut` is false). */
  async function templateToOptedOut(category: 'MARKETING' | 'UTILITY', broadcast = false, optedOut = true) {
    const queued = await queuedMessage();
    const { db, message } = queued;
    const [template] = await db.insert(chatTemplates).values({
      accountId: message.accountId, channelId: message.channelId!, name: `promo_${category.toLowerCase()}`, language: 'en', category,
      status: 'approved', components: [{ type: 'BODY', text: 'Hello' }],
    }).returning();
    await db.update(messages).set({
      msgType: 'template', chatTemplateId: template.id, source: broadcast ? 'BROADCAST' : 'API',
      content: { template: { name: template.name, language: { code: 'en' }, components: [] } },
    }).where(eq(messages.id, message.id));
    if (optedOut) await db.update(contacts).set({ optedOutOn: new Date() }).where(eq(contacts.id, message.contactId!));
    return queued;
  }

  it('a MARKETING template is not sent: it fails as opted out', async () => {
    const { message, phoneNumberId } = await templateToOptedOut('MARKETING');
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({
      status: 'failed', providerErrorCode: 'opted_out', providerErrorMessage: 'The contact opted out of marketing messages.',
    });
  });

  it('a broadcast\'s MARKETING message is not sent, and its recipient is skipped, as the broadcast\'s plan skips them', async () => {
    const { db, message, phoneNumberId } = await templateToOptedOut('MARKETING', true);
    const [b] = await db.insert(broadcasts).values({ accountId: message.accountId, name: 'Promo', status: 'RUNNING', total: 1, pending: 1 }).returning();
    const [r] = await db.insert(broadcastRecipients).values({
      broadcastId: b.id, phone: message.toNumber, canonicalPhone: message.toNumber, contactId: message.contactId, messageId: message.id,
    }).returning();
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({ status: 'failed', providerErrorCode: 'opted_out' });
    expect((await db.select().from(broadcastRecipients).where(eq(broadcastRecipients.id, r.id)))[0])
      .toMatchObject({ status: 'skipped', reason: 'The contact opted out of marketing messages.' });
    expect((await db.select().from(broadcasts).where(eq(broadcasts.id, b.id)))[0]).toMatchObject({ pending: 0, skipped: 1, failed: 0 });
  });

  it('an opt-out that lands after the batch was loaded, before the claim, still keeps the message from the provider', async () => {
    const { db, message, phoneNumberId } = await templateToOptedOut('MARKETING', false, false);
    // The channel's next slot is two seconds off: the batch loads the message at once, then waits for
    // its slot, and meanwhile the contact sends STOP.
    await db.execute(sql`insert into channel_send_pace (channel_id, next_slot) values (${message.channelId}, clock_timestamp() + interval '2 seconds')
      on conflict (channel_id) do update set next_slot = excluded.next_slot`);
    const sending = sendMessage(message.id);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await db.update(contacts).set({ optedOutOn: new Date() }).where(eq(contacts.id, message.contactId!));
    await sending;
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id), 'left for its own job, which fails it').toMatchObject({ status: 'queued', sendClaimedOn: null });
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(0);
    expect(await reload(message.id)).toMatchObject({ status: 'failed', providerErrorCode: 'opted_out' });
  });

  it('a MARKETING template to a contact who has not opted out goes', async () => {
    const { message, phoneNumberId } = await templateToOptedOut('MARKETING', false, false);
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(1);
    expect(await reload(message.id)).toMatchObject({ status: 'accepted' });
  });

  it('a template of another category still goes: the contact declined promotions, not their order updates', async () => {
    const { message, phoneNumberId } = await templateToOptedOut('UTILITY');
    await sendMessage(message.id);
    expect(cloud.sends(phoneNumberId)).toHaveLength(1);
    expect(await reload(message.id)).toMatchObject({ status: 'accepted' });
  });
});

describe('sendMessages (a worker\'s batch)', () => {
  it('settles each message of a mixed batch on its own: accepted, refused, throttled, already sent, duplicated', async () => {
    const ok = await queuedMessage();
    const refused = await queuedMessage();
    const throttled = await queuedMessage();
    const done = await queuedMessage();
    cloud.onSend(refused.phoneNumberId, () => ({ status: 400, json: { error: { message: '(#131026) Message undeliverable', code: 131026 } } }));
    cloud.onSend(throttled.phoneNumberId, () => ({ status: 429, json: { error: { message: '(#130429) Rate limit hit', code: 130429 } } }));
    await sendMessage(done.message.id);

    await sendMessages([ok.message.id, refused.message.id, throttled.message.id, done.message.id, ok.message.id]);

    expect(cloud.sends(ok.phoneNumberId)).toHaveLength(1);
    expect(await reload(ok.message.id)).toMatchObject({ status: 'accepted', acceptedOn: expect.any(Date), providerId: expect.stringMatching(/^wamid\./) });
    expect(cloud.sends(refused.phoneNumberId)).toHaveLength(1);
    expect(await reload(refused.message.id)).toMatchObject({
      status: 'failed', failedAttempts: 1, providerErrorCode: '131026', failedOn: expect.any(Date), providerId: null,
    });
    expect(cloud.sends(throttled.phoneNumberId)).toHaveLength(1);
    expect(await reload(throttled.message.id)).toMatchObject({ status: 'queued', failedAttempts: 1, sendClaimedOn: null, providerErrorCode: '130429' });
    expect(cloud.sends(done.phoneNumberId)).toHaveLength(1); // only the first send, before the batch
  });
});
