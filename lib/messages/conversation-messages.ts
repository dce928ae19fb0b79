import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';
import { accounts, channels, contacts, conversations, flowExecutionContacts, messages, users } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import type { Member } from '@/lib/auth/member';
import { recordConversationEvents } from '@/lib/conversations/events';
import { CLOSED_STATUSES } from '@/lib/conversations/open';
import { FREE_FORM_WINDOW_MS } from '@/lib/conversations/serializer';
import { CAPTION_MAX, TEXT_MAX, type FreeFormMessage } from '@/lib/conversations/validation';
import { queueOutboundMessages } from './outbound';
import { getMessage, pageOfMessages } from './queries';
import { channelUnusable } from '@/lib/channels/usable';
import { moveContacts } from '@/lib/flows/contact-status';
import { msgTypeFor } from '@/lib/attachments/media-types';
import { attachmentUrl } from '@/lib/attachments/serializer';
import { attachmentForMessage } from '@/lib/attachments/service';

// A conversation's messages, oldest first, and the free-form send: only within 24 hours of the
// contact's last inbound message; outside that window only templates may be sent.

async function requireConversation(db: Db, accountId: number, id: string) {
  const [row] = await db.select().from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id))).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

export async function listConversationMessages(db: Db, accountId: number, id: string, url: URL, page: PageRequest) {
  await requireConversation(db, accountId, id);
  const { total, results } = await pageOfMessages(db,
    and(eq(messages.accountId, accountId), eq(messages.conversationId, id))!, page.pageSize, page.offset);
  return pageEnvelope(url, page, total, results);
}

export const WINDOW_CLOSED = 'The 24-hour window since the contact\'s last message has closed: only template messages '
  + 'may be sent to this contact now.';

/** With `inbox_add_name_before_message`, the agent's name in bold on its own line, then the text. */
async function withSenderName(tx: Executor, member: Member, body: string): Promise<string> {
  const [row] = await tx.select({ on: accounts.inboxAddNameBeforeMessage, first: users.firstName, last: users.lastName, email: users.email })
    .from(users).innerJoin(accounts, eq(accounts.id, users.accountId)).where(eq(users.id, member.userId)).limit(1);
  if (!row?.on) return body;
  const name = `${row.first} ${row.last}`.trim() || row.email;
  return `*${name}*:\n${body}`;
}

/**
 * An internal note: a message of type `note` that no send job ever sees (it is never queued), so
 * no provider is called; allowed in any window and any status.
 */
async function addNote(db: Db, member: Member, conversationId: string, body: string) {
  const [conversation] = await db.select().from(conversations)
    .where(and(eq(conversations.accountId, member.accountId), eq(conversations.id, conversationId))).limit(1);
  if (!conversation) throw new NotFoundError();
  const [note] = await db.insert(messages).values({
    accountId: member.accountId, conversationId, contactId: conversation.contactId, channelId: null,
    direction: 'OUTBOUND', source: member.via === 'session' ? 'INBOX' : 'API', status: 'new', msgType: 'note',
    toNumber: '', fromNumber: '', body, content: { note: { body } }, contentType: 'text/plain', sentById: member.userId,
  }).returning({ id: messages.id });
  return (await getMessage(db, member.accountId, note.id))!;
}

export const TAKEN_OVER = 'An agent replied in the conversation.';

/** The contact's running flows, locked (a row that ended meanwhile is left out), to be ended as an agent's "Stop flow" does. */
async function lockRunningFlows(tx: Executor, contactId: string): Promise<string[]> {
  const running = await tx.select({ id: flowExecutionContacts.id }).from(flowExecutionContacts)
    .where(and(eq(flowExecutionContacts.contactId, contactId), eq(flowExecutionContacts.isActive, true))).for('update');
  return running.map((r) => r.id);
}

export const NEVER_WROTE = 'The contact has not written yet: only template messages may be sent to this contact until they do.';

/** A reply (text, or a file with its caption) or an internal note. `origin` makes an attachment's public URL. */
export async function sendFreeFormMessage(db: Db, member: Member, conversationId: string, input: FreeFormMessage, origin: string) {
  if (input.internal) return addNote(db, member, conversationId, input.body ?? '');
  const messageId = await db.transaction(async (tx) => {
    // A flow's run locks its contact's flow rows before the conversation: a reply that will end the
    // contact's flows takes them in the same order, so that the two never deadlock.
    const [peek] = await tx.select({ contactId: conversations.contactId, status: conversations.status }).from(conversations)
      .where(and(eq(conversations.accountId, member.accountId), eq(conversations.id, conversationId))).limit(1);
    let running = peek?.status === 'FLOW' ? await lockRunningFlows(tx, peek.contactId) : [];
    const [conversation] = await tx.select().from(conversations)
      .where(and(eq(conversations.accountId, member.accountId), eq(conversations.id, conversationId))).for('update').limit(1);
    if (!conversation) throw new NotFoundError();
    if (conversation.status === 'FLOW' && peek?.status !== 'FLOW') running = await lockRunningFlows(tx, conversation.contactId);
    if (CLOSED_STATUSES.includes(conversation.status)) {
      throw ValidationError.nonField(`This conversation is ${conversation.status.toLowerCase()}: reopen it to send a message.`);
    }
    const [last] = await tx.select({ at: messages.timestamp, channelId: messages.channelId }).from(messages)
      .where(and(eq(messages.contactId, conversation.contactId), eq(messages.direction, 'INBOUND')))
      .orderBy(desc(messages.timestamp)).limit(1);
    if (!last) throw ValidationError.nonField(NEVER_WROTE);
    if (Date.now() - last.at.getTime() > FREE_FORM_WINDOW_MS) throw ValidationError.nonField(WINDOW_CLOSED);
    // The conversation's channel, else the one the contact last wrote on.
    const channelId = conversation.channelId ?? last.channelId;
    const [channel] = channelId === null ? [] : await tx.select().from(channels)
      .where(and(eq(channels.accountId, member.accountId), eq(channels.id, channelId))).limit(1);
    if (!channel) throw ValidationError.nonField('The conversation has no channel to send on.');
    const off = channelUnusable(channel);
    if (off) throw ValidationError.nonField(`The conversation's channel ${off}: nothing can be sent through it.`);
    const [contact] = await tx.select().from(contacts).where(eq(contacts.id, conversation.contactId)).limit(1);
    const source = member.via === 'session' ? 'INBOX' as const : 'API' as const;
    const text = input.body ?? '';
    const body = source === 'INBOX' && text ? await withSenderName(tx, member, text) : text;
    // The name goes out as part of the text, so it counts toward the provider's limit.
    const limit = input.attachment ? CAPTION_MAX : TEXT_MAX;
    if (body.length > limit) {
      const room = limit - (body.length - text.length);
      throw ValidationError.field('body', `With your name added before it, this ${input.attachment ? 'caption' : 'message'} may have at most ${room} characters (it has ${text.length}).`);
    }
    const file = input.attachment ? await attachmentForMessage(tx, member.accountId, input.attachment) : null;
    // An agent who replies takes the contact over from the flows holding it: a flow left running
    // would take the contact's answer to the agent for an answer to its own question.
    if (conversation.status === 'FLOW') await moveContacts(tx, running, 'CANCELED', TAKEN_OVER);
    const [id] = await queueOutboundMessages(tx, [{
      accountId: member.accountId, channel, conversation, contact, source, sentById: member.userId,
      ...(file ? {
        kind: 'media' as const, body,
        media: { type: msgTypeFor(file.mimeType) ?? 'document', link: attachmentUrl(origin, file.token), mime_type: file.mimeType, filename: file.filename },
      } : { kind: 'text' as const, body }),
      // An agent replied: the conversation is in progress.
      conversationStatus: 'IN_PROGRESS',
    }]);
    // The agent who answers has read the conversation, and takes it when nobody has.
    await tx.update(conversations).set({ unreadCount: 0 }).where(and(eq(conversations.id, conversation.id), gt(conversations.unreadCount, 0)));
    const assigned = await execRows(tx, sql`insert into conversation_assignees (conversation_id, user_id)
      select ${conversation.id}, ${member.userId}
      where not exists (select 1 from conversation_assignees where conversation_id = ${conversation.id})
      returning user_id`);
    const statusMoved = conversation.status !== 'IN_PROGRESS';
    if (statusMoved || assigned.length > 0) {
      await recordConversationEvents(tx, member.accountId, [{ id: conversation.id, type: 'conversation.updated' }]);
    }
    return id;
  });
  return (await getMessage(db, member.accountId, messageId))!;
}

