import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { conversationAssignees, conversations, conversationTags } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import { searchTerm } from '@/lib/contacts/search-text';
import { pageLimit } from '@/lib/sql/page';
import { foreignUserIds } from '@/lib/members/service';
import { upsertTags } from '@/lib/tags/service';
import { recordConversationEvents } from './events';
import { CLOSED_STATUSES, lockOpenConversation } from './open';
import { selectConversation, selectConversations } from './queries';
import { serializeConversation } from './serializer';
import type { ConversationChange, ConversationListQuery } from './validation';
import { escapeLike } from '@/lib/sql/like';

// Conversations: list, get, update and partial update. Every query is scoped by the account.


/**
 * `viewer` is the calling member (`assigned=me` means them); `visible` their view (visibility.ts),
 * null for every conversation of the account.
 */
export async function listConversations(
  db: Db, accountId: number, viewer: number, url: URL, page: PageRequest, q: ConversationListQuery, visible: SQL | null = null,
) {
  const conditions: SQL[] = [visible ?? sql`true`];
  if (q.contact) conditions.push(sql`cv.contact_id = ${q.contact}`);
  if (q.status) conditions.push(sql`cv.status::text = any(${sql.param(q.status)}::text[])`);
  const assignedTo = sql`exists (select 1 from conversation_assignees a where a.conversation_id = cv.id`;
  if (q.assigned === 'none') conditions.push(sql`not ${assignedTo})`);
  else if (q.assigned === 'any') conditions.push(sql`${assignedTo})`);
  else if (q.assigned !== undefined) conditions.push(sql`${assignedTo} and a.user_id = ${q.assigned === 'me' ? viewer : q.assigned})`);
  if (q.tag) {
    conditions.push(sql`exists (select 1 from conversation_tags ct join tags t on t.id = ct.tag_id
      where ct.conversation_id = cv.id and t.account_id = ${accountId} and lower(t.name) = any(${sql.param(q.tag.map((t) => t.toLowerCase()))}::text[]))`);
  }
  if (q.unread === true) conditions.push(sql`cv.unread_count > 0`);
  if (q.unread === false) conditions.push(sql`cv.unread_count = 0`);
  const archived = q.archived ?? (q.contact ? 'any' : 'false');
  if (archived === 'true') conditions.push(sql`cv.archived_on is not null`);
  if (archived === 'false') conditions.push(sql`cv.archived_on is null`);
  const term = q.search ? searchTerm(q.search) : '';
  if (term) {
    conditions.push(sql`exists (select 1 from contacts c where c.id = cv.contact_id and c.account_id = ${accountId}
      and c.search_text like ${`%${escapeLike(term)}%`})`);
  }
  const where = sql.join(conditions, sql` and `);
  const order = q.ordering === 'last_message_on' ? sql`cv.last_message_on asc nulls first, cv.id asc`
    : q.ordering === '-last_message_on' ? sql`cv.last_message_on desc nulls last, cv.id desc`
      : q.ordering === 'created_on' ? sql`cv.created_on asc, cv.id asc` : sql`cv.created_on desc, cv.id desc`;
  const [rows, [{ count }]] = await Promise.all([
    selectConversations(db, accountId, where, sql`order by ${order} ${pageLimit(page)}`),
    execRows<{ count: number }>(db, sql`select count(*)::int as count from conversations cv where cv.account_id = ${accountId} and ${where}`),
  ]);
  return pageEnvelope(url, page, Number(count), rows.map(serializeConversation));
}

/** An agent read the conversation: nothing in it is unread any more. */
export async function markConversationRead(db: Db, accountId: number, id: string) {
  const done = await db.update(conversations).set({ unreadCount: 0 })
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id), sql`${conversations.unreadCount} > 0`))
    .returning({ id: conversations.id });
  if (!done.length) await getConversation(db, accountId, id); // 404 for another account's
  return getConversation(db, accountId, id);
}

export async function getConversation(db: Db, accountId: number, id: string) {
  const row = await selectConversation(db, accountId, id);
  if (!row) throw new NotFoundError();
  return serializeConversation(row);
}

/**
 * Update and partial update. `assigned` and `tags`, when sent, replace the current ones; `contact`
 * must be the conversation's own (a conversation never changes contact).
 */
export async function updateConversation(db: Db, accountId: number, id: string, input: ConversationChange) {
  if (input.assigned) {
    const foreign = await foreignUserIds(db, accountId, input.assigned);
    if (foreign.length) throw ValidationError.field('assigned', `Invalid pk "${foreign[0]}" - object does not exist.`);
  }
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(conversations)
      .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id))).for('update').limit(1);
    if (!current) throw new NotFoundError();
    if (input.contact !== undefined && input.contact !== current.contactId) {
      throw ValidationError.field('contact', 'A conversation\'s contact cannot be changed.');
    }
    if (input.status && CLOSED_STATUSES.includes(current.status) && !CLOSED_STATUSES.includes(input.status)) {
      const open = await lockOpenConversation(tx, accountId, current.contactId);
      if (open && open.id !== id) throw ValidationError.field('status', 'The contact already has an open conversation.');
    }
    if (input.status) await tx.update(conversations).set({ status: input.status, updatedOn: new Date() }).where(eq(conversations.id, id));
    if (input.assigned) {
      const ids = [...new Set(input.assigned)];
      await tx.delete(conversationAssignees).where(and(eq(conversationAssignees.conversationId, id),
        ids.length ? notInArray(conversationAssignees.userId, ids) : undefined));
      if (ids.length) await tx.insert(conversationAssignees).values(ids.map((userId) => ({ conversationId: id, userId }))).onConflictDoNothing();
    }
    if (input.tags) {
      const ids = [...(await upsertTags(tx, accountId, input.tags)).values()];
      await tx.delete(conversationTags).where(and(eq(conversationTags.conversationId, id),
        ids.length ? notInArray(conversationTags.tagId, ids) : undefined));
      if (ids.length) await tx.insert(conversationTags).values(ids.map((tagId) => ({ conversationId: id, tagId }))).onConflictDoNothing();
    }
    if (input.status || input.assigned || input.tags) await recordConversationEvents(tx, accountId, [{ id, type: 'conversation.updated' }]);
  });
  return getConversation(db, accountId, id);
}
