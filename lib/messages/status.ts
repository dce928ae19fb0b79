import { and, eq, gt, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Executor } from '@/db';
import { contacts, messages, messageStatus } from '@/db/schema';
import { messagesProgressed } from '@/lib/broadcasts/progress';
import { recordMessageEvents } from './events';

// The one code path that moves an outbound message through its delivery statuses: provider
// callbacks (cloud_api) and the sandbox's timer both land here. Statuses only move forward, so a
// late or repeated callback never undoes a later one (read is never undone by a late delivered);
// each status's timestamp is recorded once, even when it arrives after a later status.

export type MessageStatus = (typeof messageStatus.enumValues)[number];
export type DeliveryStatus = 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';

const RANK: Record<MessageStatus, number> = {
  new: 0, received: 0, queued: 1, accepted: 2, sent: 3, failed: 4, delivered: 5, read: 6,
};

const TIMESTAMP = {
  accepted: 'acceptedOn', sent: 'sentOn', delivered: 'deliveredOn', read: 'readOn', failed: 'failedOn',
} as const;

export type StatusUpdate = {
  channelId: number;
  providerId: string;
  status: DeliveryStatus;
  at: Date;
  error?: { code: string; message: string } | null;
  /** Our message id as the send gave it to the provider (`biz_opaque_callback_data`). */
  reference?: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The message a status is about: by the provider's id; else, by our reference, a message of the
 * channel whose send reached the provider but whose answer (and so the provider's id) we never
 * read, because the worker died in between (send-job.ts): the status tells us it was received.
 */
async function statusMessage(tx: Executor, update: StatusUpdate) {
  const [known] = await tx.select().from(messages)
    .where(and(eq(messages.channelId, update.channelId), eq(messages.providerId, update.providerId)))
    .for('update').limit(1);
  if (known || !update.reference || !UUID.test(update.reference)) return { message: known ?? null, recognised: false };
  const [unanswered] = await tx.select().from(messages)
    // Claimed, or claimed once and released to be sent again (a status naming it then comes in time
    // to spare the second send); a message never claimed never reached the provider.
    .where(and(eq(messages.channelId, update.channelId), eq(messages.id, update.reference), isNull(messages.providerId),
      eq(messages.direction, 'OUTBOUND'), or(isNotNull(messages.sendClaimedOn), gt(messages.failedAttempts, 0))))
    .for('update').limit(1);
  return { message: unanswered ?? null, recognised: Boolean(unanswered) };
}

/** Applies one status; returns the message id, or null when no message has that provider id. */
export async function applyStatus(tx: Executor, update: StatusUpdate): Promise<string | null> {
  const { message, recognised } = await statusMessage(tx, update);
  if (!message || message.direction !== 'OUTBOUND') return message?.id ?? null;
  const column = TIMESTAMP[update.status];
  const set: Partial<typeof messages.$inferInsert> = {};
  if (recognised) {
    // Accepted after all, also over an "outcome unknown" failure written meanwhile.
    Object.assign(set, { providerId: update.providerId.slice(0, 128), acceptedOn: message.acceptedOn ?? update.at });
    if (message.status === 'queued' || message.status === 'failed') {
      Object.assign(set, { status: 'accepted', failedOn: null, providerErrorCode: null, providerErrorMessage: null });
      message.status = 'accepted';
    }
  }
  if (!message[column]) set[column] = update.at;
  if (RANK[update.status] > RANK[message.status]) set.status = update.status;
  if (update.status === 'failed' && update.error) {
    set.providerErrorCode = update.error.code.slice(0, 32);
    set.providerErrorMessage = update.error.message;
  }
  if (Object.keys(set).length) await tx.update(messages).set(set).where(eq(messages.id, message.id));
  if (set.status && set.status !== 'accepted') {
    await recordMessageEvents(tx, [{ accountId: message.accountId, id: message.id, type: 'message.status' }]);
  }
  // A message that reached the phone proves the number is a working chat number.
  if (update.status === 'delivered' || update.status === 'read') {
    await tx.update(contacts).set({ phoneStatus: 'VALID' })
      .where(and(eq(contacts.id, message.contactId), ne(contacts.phoneStatus, 'VALID')));
  }
  if (update.status !== 'accepted' && message.source === 'BROADCAST') {
    await messagesProgressed(tx, [{ messageId: message.id, status: update.status, at: update.at, reason: update.error?.message }]);
  }
  return message.id;
}
