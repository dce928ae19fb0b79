import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { concurrently } from '@/lib/sql/concurrently';
import { accounts, contactDefaultAssignees, conversationAssignees, conversations, teamMembers, teams, users } from '@/db/schema';

export type NewConversation = { accountId: number; conversationId: string; contactId: string };

// Only members who can open the inbox are picked: active, and past their invitation (a member
// invited without a password cannot sign in until they choose one).
const assignable = and(eq(users.isActive, true), isNotNull(users.passwordHash));

/**
 * Assigns conversations that a contact has just opened: to the contact's assignable default
 * assignees; otherwise to whoever is still assignable of those who had the contact's latest
 * earlier conversation, in that conversation's team (a customer who writes again after being
 * helped comes back to the same people); otherwise to the account's default team, and within it
 * by the team's strategy (MANUAL leaves the choice to the team). The team's row is locked, so
 * concurrent arrivals take turns and round-robin and least-busy stay even.
 */
export async function assignNewConversations(tx: Executor, opened: NewConversation[]): Promise<void> {
  if (!opened.length) return;
  // Both asked in one round trip; the earlier assignees count only for contacts without defaults.
  const [defaults, earlier] = await concurrently(
    () => tx.select({ contactId: contactDefaultAssignees.contactId, userId: users.id })
      .from(contactDefaultAssignees).innerJoin(users, eq(users.id, contactDefaultAssignees.userId))
      .where(and(eq(contactDefaultAssignees.contactId, sql`any(${sql.param([...new Set(opened.map((o) => o.contactId))])}::uuid[])`), assignable))
      .orderBy(asc(users.id)),
    () => earlierAssignees(tx, opened),
  );
  const assignees: { conversationId: string; userId: number }[] = [];
  const toTeam: NewConversation[] = [];
  const earlierTeams = new Map<number, string[]>();
  for (const o of opened) {
    const mine = defaults.filter((d) => d.contactId === o.contactId);
    const before = earlier.filter((e) => e.contactId === o.contactId);
    if (mine.length) assignees.push(...mine.map((d) => ({ conversationId: o.conversationId, userId: d.userId })));
    else if (before.length) {
      assignees.push(...before.map((e) => ({ conversationId: o.conversationId, userId: e.userId })));
      if (before[0].teamId !== null) earlierTeams.set(before[0].teamId, [...(earlierTeams.get(before[0].teamId) ?? []), o.conversationId]);
    } else toTeam.push(o);
  }
  for (const [teamId, ids] of earlierTeams) await tx.update(conversations).set({ teamId }).where(inArray(conversations.id, ids));
  for (const accountId of new Set(toTeam.map((o) => o.accountId))) {
    const ofAccount = toTeam.filter((o) => o.accountId === accountId);
    assignees.push(...await assignToDefaultTeam(tx, accountId, ofAccount));
  }
  if (assignees.length) await tx.insert(conversationAssignees).values(assignees).onConflictDoNothing();
}

/** For each contact, the assignable members who had its latest conversation before these, with that conversation's team. */
async function earlierAssignees(tx: Executor, opened: NewConversation[]) {
  if (!opened.length) return [];
  const rows = await execRows<{ contact_id: string; user_id: number; team_id: number | null }>(tx, sql`
    select p.contact_id, a.user_id, p.team_id
    from (select distinct on (cv.contact_id) cv.contact_id, cv.id, cv.team_id from conversations cv
          where cv.contact_id = any(${sql.param([...new Set(opened.map((o) => o.contactId))])}::uuid[])
            and cv.id <> all(${sql.param(opened.map((o) => o.conversationId))}::uuid[])
          order by cv.contact_id, cv.created_on desc, cv.id desc) p
    join conversation_assignees a on a.conversation_id = p.id
    join users u on u.id = a.user_id and u.is_active and u.password_hash is not null
    order by a.user_id`);
  return rows.map((r) => ({ contactId: r.contact_id, userId: Number(r.user_id), teamId: r.team_id === null ? null : Number(r.team_id) }));
}

async function assignToDefaultTeam(tx: Executor, accountId: number, opened: NewConversation[]) {
  const [team] = await tx.select({ id: teams.id, strategy: teams.assignmentStrategy, last: teams.lastAssignedUserId })
    .from(teams).innerJoin(accounts, eq(accounts.defaultTeamId, teams.id))
    .where(eq(accounts.id, accountId)).for('update', { of: teams }).limit(1);
  if (!team) return [];
  return assignWithin(tx, team, opened);
}

/**
 * Gives conversations to a team of the account (a flow's hand-over): the conversation's team is
 * set, and its members are assigned by the team's strategy, as for the default team (none for
 * MANUAL: the team's members see it in their queue). False when the team no longer exists.
 */
export async function assignToTeam(
  tx: Executor, accountId: number, teamId: number, opened: NewConversation[], { replacing = false, pickMember = true } = {},
): Promise<boolean> {
  const [team] = await tx.select({ id: teams.id, strategy: teams.assignmentStrategy, last: teams.lastAssignedUserId })
    .from(teams).where(and(eq(teams.accountId, accountId), eq(teams.id, teamId))).for('update').limit(1);
  if (!team) return false;
  // `pickMember` false: the team's queue only (the members were named by the caller).
  if (!pickMember) {
    await tx.update(conversations).set({ teamId: team.id }).where(inArray(conversations.id, opened.map((o) => o.conversationId)));
    return true;
  }
  // `replacing`: the conversations' current assignees give way to the team's choice.
  if (replacing) await tx.delete(conversationAssignees).where(inArray(conversationAssignees.conversationId, opened.map((o) => o.conversationId)));
  const assignees = await assignWithin(tx, team, opened);
  if (assignees.length) await tx.insert(conversationAssignees).values(assignees).onConflictDoNothing();
  return true;
}

/** The team's row is locked by the caller; the conversations get its id and, unless MANUAL, a member each. */
async function assignWithin(tx: Executor, team: { id: number; strategy: string; last: number | null }, opened: NewConversation[]) {
  await tx.update(conversations).set({ teamId: team.id }).where(inArray(conversations.id, opened.map((o) => o.conversationId)));
  if (team.strategy === 'MANUAL') return [];
  const members = await tx.select({ id: users.id }).from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, team.id), assignable)).orderBy(asc(users.id));
  if (!members.length) return [];
  const ids = members.map((m) => m.id);
  const out: { conversationId: string; userId: number }[] = [];
  if (team.strategy === 'ROUND_ROBIN') {
    // The member after the last one served, in id order (the first when that one left the team).
    let i = team.last === null ? -1 : ids.findIndex((id) => id > team.last!) - 1;
    if (team.last !== null && i === -2) i = ids.length - 1;
    for (const o of opened) {
      i = (i + 1) % ids.length;
      out.push({ conversationId: o.conversationId, userId: ids[i] });
    }
  } else {
    const busy = new Map(ids.map((id) => [id, 0]));
    const rows = await execRows<{ user_id: number; n: number }>(tx, sql`select a.user_id, count(*)::int as n
      from conversation_assignees a join conversations c on c.id = a.conversation_id
      where a.user_id = any(${sql.param(ids)}::int[]) and c.status not in ('RESOLVED', 'CLOSED') group by a.user_id`);
    for (const r of rows) busy.set(r.user_id, Number(r.n));
    for (const o of opened) {
      const userId = ids.reduce((best, id) => (busy.get(id)! < busy.get(best)! ? id : best), ids[0]);
      busy.set(userId, busy.get(userId)! + 1);
      out.push({ conversationId: o.conversationId, userId });
    }
  }
  await tx.update(teams).set({ lastAssignedUserId: out[out.length - 1].userId }).where(eq(teams.id, team.id));
  return out;
}
