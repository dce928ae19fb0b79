import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';
import { conversationAssignees, conversations, conversationTags, tags, users } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import { pageLimit } from '@/lib/sql/page';
import { foreignUserIds } from '@/lib/members/service';
import { upsertTags } from '@/lib/tags/service';
import { recordConversationEvents } from './events';
import { assignToTeam } from './assign-new';
import { CLOSED_STATUSES, lockOpenConversation } from './open';
import { selectConversation, selectConversations } from './queries';
import { accountCountry } from '@/lib/contacts/account-country';
import { conversationSearch } from './search';
import { serializeConversation } from './serializer';
import type { ConversationChange, ConversationListQuery } from './validation';

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
  if (q.team === 'none') conditions.push(sql`cv.team_id is null`);
  else if (q.team !== undefined) conditions.push(sql`cv.team_id = ${q.team}`);
  if (q.tag) {
    conditions.push(sql`exists (select 1 from conversation_tags ct join tags t on t.id = ct.tag_id
      where ct.conversation_id = cv.id and t.account_id = ${accountId} and lower(t.name) = any(${sql.param(q.tag.map((t) => t.toLowerCase()))}::text[]))`);
  }
  if (q.unread === true) conditions.push(sql`cv.unread_count > 0`);
  if (q.unread === false) conditions.push(sql`cv.unread_count = 0`);
  const archived = q.archived ?? (q.contact ? 'any' : 'false');
  if (archived === 'true') conditions.push(sql`cv.archived_on is not null`);
  if (archived === 'false') conditions.push(sql`cv.archived_on is null`);
  const search = q.search ? conversationSearch(accountId, q.search, await accountCountry(db, accountId)) : null;
  if (search) conditions.push(search);
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
  for (const field of ['assigned', 'add_assigned'] as const) {
    const foreign = await foreignUserIds(db, accountId, input[field] ?? []);
    if (foreign.length) throw ValidationError.field(field, `Invalid pk "${foreign[0]}" - object does not exist.`);
  }
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(conversations)
      .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id))).for('update').limit(1);
    if (!current) throw new NotFoundError();
    if (input.contact !== undefined && input.contact !== current.contactId) {
      throw ValidationError.field('contact', 'A conversation\'s contact cannot be changed.');
    }
    // FLOW marks a conversation a flow holds: set by hand, no flow would ever release it.
    if (input.status === 'FLOW' && current.status !== 'FLOW') {
      throw ValidationError.field('status', 'FLOW is set by a flow while it holds the conversation: start a flow for the contact instead.');
    }
    if (input.status && CLOSED_STATUSES.includes(current.status) && !CLOSED_STATUSES.includes(input.status)) {
      const open = await lockOpenConversation(tx, accountId, current.contactId);
      if (open && open.id !== id) throw ValidationError.field('status', 'The contact already has an open conversation.');
    }
    if (input.status) await tx.update(conversations).set({ status: input.status, updatedOn: new Date() }).where(eq(conversations.id, id));
    const assigned = await nextAssignees(tx, id, input);
    if (assigned) {
      const ids = [...new Set(assigned)];
      await tx.delete(conversationAssignees).where(and(eq(conversationAssignees.conversationId, id),
        ids.length ? notInArray(conversationAssignees.userId, ids) : undefined));
      if (ids.length) await tx.insert(conversationAssignees).values(ids.map((userId) => ({ conversationId: id, userId }))).onConflictDoNothing();
    }
    const teamChanged = input.team !== undefined && input.team !== current.teamId;
    if (teamChanged) await moveToTeam(tx, accountId, id, current.contactId, input.team!);
    const tagNames = await nextTags(tx, id, input);
    if (tagNames) {
      const ids = [...(await upsertTags(tx, accountId, tagNames)).values()];
      await tx.delete(conversationTags).where(and(eq(conversationTags.conversationId, id),
        ids.length ? notInArray(conversationTags.tagId, ids) : undefined));
      if (ids.length) await tx.insert(conversationTags).values(ids.map((tagId) => ({ conversationId: id, tagId }))).onConflictDoNothing();
    }
    if (input.status || assigned || tagNames || teamChanged) await recordConversationEvents(tx, accountId, [{ id, type: 'conversation.updated' }]);
  });
  return getConversation(db, accountId, id);
}

/**
 * Puts the conversation in a team's queue (or none); left with nobody assigned, it goes to one of
 * the team's members as a new conversation would (assign-new.ts).
 */
async function moveToTeam(tx: Executor, accountId: number, id: string, contactId: string, teamId: number | null) {
  if (teamId === null) {
    await tx.update(conversations).set({ teamId: null, updatedOn: new Date() }).where(eq(conversations.id, id));
    return;
  }
  const [anyone] = await tx.select({ id: conversationAssignees.userId }).from(conversationAssignees)
    .where(eq(conversationAssignees.conversationId, id)).limit(1);
  const moved = await assignToTeam(tx, accountId, teamId, [{ accountId, conversationId: id, contactId }], { pickMember: !anyone });
  if (!moved) throw ValidationError.field('team', `Invalid pk "${teamId}" - object does not exist.`);
  await tx.update(conversations).set({ updatedOn: new Date() }).where(eq(conversations.id, id));
}

/**
 * The assignees a change leaves, read under the conversation's lock: `assigned` whole, or the
 * stored ones with `add_assigned` and without `remove_assigned`; null when it names none. A
 * deactivated member may stay assigned but is not newly assigned.
 */
async function nextAssignees(tx: Executor, id: string, input: ConversationChange): Promise<number[] | null> {
  if (!input.assigned && !input.add_assigned && !input.remove_assigned) return null;
  const stored = await tx.select({ id: conversationAssignees.userId, active: users.isActive }).from(conversationAssignees)
    .innerJoin(users, eq(users.id, conversationAssignees.userId)).where(eq(conversationAssignees.conversationId, id));
  const removed = new Set(input.remove_assigned ?? []);
  const next = input.assigned ?? [...stored.map((s) => s.id), ...(input.add_assigned ?? [])].filter((u) => !removed.has(u));
  const before = new Set(stored.map((s) => s.id));
  const added = [...new Set(next)].filter((u) => !before.has(u));
  if (added.length) {
    const inactive = await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, added), eq(users.isActive, false)));
    if (inactive.length) {
      throw ValidationError.field(input.assigned ? 'assigned' : 'add_assigned', `Member ${inactive[0].id} is deactivated and cannot be assigned.`);
    }
  }
  return next;
}

/** The tag names a change leaves (as nextAssignees does for assignees); names compare in any case. */
async function nextTags(tx: Executor, id: string, input: ConversationChange): Promise<string[] | null> {
  if (input.tags) return input.tags;
  if (!input.add_tags && !input.remove_tags) return null;
  const stored = await tx.select({ name: tags.name }).from(conversationTags).innerJoin(tags, eq(tags.id, conversationTags.tagId))
    .where(eq(conversationTags.conversationId, id));
  const removed = new Set((input.remove_tags ?? []).map((n) => n.toLowerCase()));
  return [...stored.map((t) => t.name), ...(input.add_tags ?? [])].filter((n) => !removed.has(n.toLowerCase()));
}
