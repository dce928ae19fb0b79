import { eq, sql, type SQL } from 'drizzle-orm';
import { execRows, getDb, type Db } from '@/db';
import { accounts } from '@/db/schema';
import { NotFoundError } from '@/lib/api/errors';
import type { Member } from '@/lib/auth/member';
import { selectConversations } from './queries';

/**
 * Which of the account's conversations a member may see, as a condition on `cv` (conversations),
 * or null for all of them. With `agents_can_see_all_conversations` off, an AGENT sees those
 * assigned to them or to one of their teams; anything else is "Not found." to them.
 */
export async function visibleConversations(db: Db, member: Member): Promise<SQL | null> {
  if (member.role !== 'AGENT') return null;
  const [account] = await db.select({ all: accounts.agentsCanSeeAllConversations }).from(accounts)
    .where(eq(accounts.id, member.accountId)).limit(1);
  if (!account || account.all) return null;
  return sql`(exists (select 1 from conversation_assignees va where va.conversation_id = cv.id and va.user_id = ${member.userId})
    or cv.team_id in (select tm.team_id from team_members tm where tm.user_id = ${member.userId}))`;
}

/** The conversation when the member may see it (routes about one conversation look it up so). */
export async function visibleConversation(db: Db, member: Member, id: string) {
  const filter = await visibleConversations(db, member);
  const [row] = await selectConversations(db, member.accountId, filter ? sql`cv.id = ${id} and ${filter}` : sql`cv.id = ${id}`);
  return row ?? null;
}

/** Throws "Not found." when the member may not see the conversation (its own service 404s a missing one). */
export async function requireVisibleConversation(db: Db, member: Member, id: string): Promise<void> {
  const filter = await visibleConversations(db, member);
  if (!filter) return;
  const [row] = await execRows(db, sql`select 1 from conversations cv where cv.account_id = ${member.accountId} and cv.id = ${id} and ${filter}`);
  if (!row) throw new NotFoundError();
}

/**
 * For a member who sees only some conversations, the filter of ids a live stream applies to what
 * it announces; null when the member sees them all (the setting is read when the stream opens).
 */
export async function visibleOfFor(member: Member): Promise<((ids: string[]) => Promise<string[]>) | null> {
  const db = await getDb();
  const filter = await visibleConversations(db, member);
  if (!filter) return null;
  return async (ids) => {
    if (!ids.length) return [];
    const rows = await execRows<{ id: string }>(db, sql`select cv.id from conversations cv
      where cv.account_id = ${member.accountId} and cv.id = any(${sql.param(ids)}::uuid[]) and ${filter}`);
    return rows.map((r) => r.id);
  };
}
