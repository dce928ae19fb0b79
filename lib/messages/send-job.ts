import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db';
import { channels, messages } from '@/db/schema';
import type { OutboundMessage, WireTemplate } from '@/lib/channels/provider';
import { providerFor } from '@/lib/channels/providers';
import { enqueue } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { messageRetryDelay } from './retry-schedule';
import { scheduleSandboxStatus } from './sandbox-status-job';

// Sends one queued message through its channel's provider. The HTTP call happens outside any
// transaction; its outcome is written in one. Only a `queued` message without a provider id is
// sent, so a repeated job never sends twice. Throttling and transient failures are retried on
// MESSAGE_RETRY_SCHEDULE; permanent provider errors fail the message at once.

function outbound(m: typeof messages.$inferSelect): OutboundMessage {
  const content = m.content as { template?: WireTemplate; text?: { body: string } };
  if (m.msgType === 'template' && content.template) return { kind: 'template', to: m.toNumber, template: content.template };
  return { kind: 'text', to: m.toNumber, body: content.text?.body ?? m.body };
}

async function fail(messageId: string, attempts: number, code: string, message: string) {
  const db = await getDb();
  await db.update(messages).set({
    status: 'failed', failedOn: new Date(), failedAttempts: attempts, providerErrorCode: code.slice(0, 32), providerErrorMessage: message,
  }).where(and(eq(messages.id, messageId), eq(messages.status, 'queued')));
}

export async function sendMessage(messageId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ m: messages, c: channels }).from(messages)
    .leftJoin(channels, eq(channels.id, messages.channelId)).where(eq(messages.id, messageId)).limit(1);
  if (!row || row.m.status !== 'queued' || row.m.providerId) return;
  const { m, c: channel } = row;
  if (!channel) return fail(m.id, m.failedAttempts + 1, 'channel_missing', 'The message\'s channel no longer exists.');
  if (channel.status === 'INACTIVE') return fail(m.id, m.failedAttempts + 1, 'channel_inactive', 'The channel is inactive.');

  let result;
  try {
    result = await providerFor(channel).send(outbound(m));
  } catch (error) {
    result = { ok: false as const, retry: false, code: 'provider_error', message: (error as Error).message };
  }
  if (result.ok) {
    const providerId = result.providerId;
    await db.transaction(async (tx) => {
      const updated = await tx.update(messages).set({ providerId, status: 'accepted', acceptedOn: new Date() })
        .where(and(eq(messages.id, m.id), eq(messages.status, 'queued'))).returning({ id: messages.id });
      if (updated.length && channel.channelProvider === 'PROVIDER_SANDBOX') {
        await scheduleSandboxStatus(tx, { channelId: channel.id, providerId, status: 'sent' });
      }
    });
    return;
  }
  const attempts = m.failedAttempts + 1;
  const delay = result.retry ? messageRetryDelay(attempts) : null;
  if (delay === null) return fail(m.id, attempts, result.code, result.message);
  await db.transaction(async (tx) => {
    await tx.update(messages).set({ failedAttempts: attempts, providerErrorCode: result.code.slice(0, 32), providerErrorMessage: result.message })
      .where(eq(messages.id, m.id));
    await enqueue(tx, QUEUES.messageSend.name, { messageId: m.id }, { startAfter: delay });
  });
}

export const messageSendJob = defineJob<{ messageId: string }>({
  name: QUEUES.messageSend.name,
  concurrency: 2,
  batchSize: Number(process.env.MESSAGE_WORKER_BATCH || 10),
  handle: async ({ messageId }) => sendMessage(messageId),
});
