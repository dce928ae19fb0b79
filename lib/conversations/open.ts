import { and, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '@/db';
import { contacts, conversations, conversationSource, conversationStatus } from '@/db/schema';

// A contact has at most one open conversation (a partial unique index enforces it). Sends and
// inbound messages join the open one, or open a new one: CREATED when we write first, NEW when the
// contact does.

export type ConversationRecord = typeof conversations.$inferSelect;
export type ConversationStatus = (typeof conversationStatus.enumValues)[number];
type Source = (typeof conversationSource.enumValues)[number];

export const CLOSED_STATUSES: ConversationStatus[] = ['RESOLVED', 'CLOSED'];

export async function lockOpenConversation(tx: Executor, accountId: number, contactId: string): Promise<ConversationRecord | null> {
  const [row] = await tx.select().from(conversations).where(and(
    eq(conversations.accountId, accountId), eq(conversations.contactId, contactId),
    notInArray(conversations.status, CLOSED_STATUSES),
  )).for('update').limit(1);
  return row ?? null;
}

export async function openConversation(tx: Executor, input: {
  accountId: number; contactId: string; channelId: number | null; source: Source; status: 'CREATED' | 'NEW';
}): Promise<{ conversation: ConversationRecord; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await lockOpenConversation(tx, input.accountId, input.contactId);
    if (existing) return { conversation: existing, created: false };
    const [row] = await tx.insert(conversations).values({
      accountId: input.accountId, contactId: input.contactId, channelId: input.channelId, source: input.source, status: input.status,
    }).onConflictDoNothing().returning();
    if (row) {
      await tx.update(contacts).set({ lastConversationId: row.id }).where(eq(contacts.id, input.contactId));
      return { conversation: row, created: true };
    }
  }
  throw new Error('opening a conversation kept racing');
}

/** Records a message's arrival on its conversation (ordering and the 24-hour window). */
export async function touchConversation(tx: Executor, conversation: ConversationRecord, at: Date, update: {
  inbound: boolean; status?: ConversationStatus;
}): Promise<void> {
  await tx.update(conversations).set({
    lastMessageOn: at,
    ...(update.inbound ? { lastInboundOn: at } : {}),
    ...(update.status && update.status !== conversation.status ? { status: update.status } : {}),
    updatedOn: new Date(),
  }).where(eq(conversations.id, conversation.id));
}
