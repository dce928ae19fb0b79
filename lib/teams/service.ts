import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '@/db';
import { accounts, teamMembers, teams, users } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { foreignUserIds } from '@/lib/members/service';
import type { TeamDetail } from '@/lib/openapi/schemas/teams';
import { serializeShortUser } from '@/lib/members/serializer';
import { definedOnly } from '@/lib/sql/defined-only';
import type { TeamInput, TeamPatch } from './validation';

export type SerializedTeam = z.output<typeof TeamDetail>;

async function serializeTeams(db: Executor, accountId: number, rows: (typeof teams.$inferSelect)[]): Promise<SerializedTeam[]> {
  if (!rows.length) return [];
  const [members, [account]] = await Promise.all([
    db.select({ teamId: teamMembers.teamId, id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId))
      .where(inArray(teamMembers.teamId, rows.map((t) => t.id))).orderBy(asc(users.id)),
    db.select({ defaultTeamId: accounts.defaultTeamId }).from(accounts).where(eq(accounts.id, accountId)),
  ]);
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    assignment_strategy: t.assignmentStrategy,
    members: members.filter((m) => m.teamId === t.id).map(serializeShortUser),
    is_default: account?.defaultTeamId === t.id,
  }));
}

export async function listTeams(db: Db, accountId: number) {
  const rows = await db.select().from(teams).where(eq(teams.accountId, accountId)).orderBy(asc(teams.name), asc(teams.id));
  return serializeTeams(db, accountId, rows);
}

export async function getTeamRow(db: Executor, accountId: number, teamId: number) {
  const [row] = await db.select().from(teams).where(and(eq(teams.accountId, accountId), eq(teams.id, teamId))).limit(1);
  return row ?? null;
}

export async function getTeam(db: Db, accountId: number, teamId: number) {
  const row = await getTeamRow(db, accountId, teamId);
  if (!row) throw new NotFoundError();
  return (await serializeTeams(db, accountId, [row]))[0];
}

async function setMembers(tx: Executor, accountId: number, teamId: number, memberIds: number[]) {
  const ids = [...new Set(memberIds)];
  const foreign = await foreignUserIds(tx, accountId, ids);
  if (foreign.length) throw ValidationError.field('members', `Invalid pk "${foreign[0]}" - object does not exist.`);
  await tx.delete(teamMembers).where(eq(teamMembers.teamId, teamId));
  if (ids.length) await tx.insert(teamMembers).values(ids.map((userId) => ({ teamId, userId })));
}

async function nameTaken(tx: Executor, accountId: number, name: string, except?: number) {
  const [row] = await tx.select({ id: teams.id }).from(teams)
    .where(and(eq(teams.accountId, accountId), eq(sql`lower(${teams.name})`, name.toLowerCase()))).limit(1);
  return Boolean(row && row.id !== except);
}

export async function createTeam(db: Db, accountId: number, input: TeamInput) {
  const id = await db.transaction(async (tx) => {
    if (await nameTaken(tx, accountId, input.name)) throw ValidationError.field('name', 'A team with this name already exists.');
    const [team] = await tx.insert(teams).values({ accountId, name: input.name, assignmentStrategy: input.assignment_strategy }).returning();
    await setMembers(tx, accountId, team.id, input.members);
    return team.id;
  });
  return getTeam(db, accountId, id);
}

export async function updateTeam(db: Db, accountId: number, teamId: number, patch: TeamPatch) {
  await db.transaction(async (tx) => {
    const team = await getTeamRow(tx, accountId, teamId);
    if (!team) throw new NotFoundError();
    if (patch.name && await nameTaken(tx, accountId, patch.name, teamId)) throw ValidationError.field('name', 'A team with this name already exists.');
    const changes = definedOnly({ name: patch.name, assignmentStrategy: patch.assignment_strategy });
    if (changes) await tx.update(teams).set(changes).where(eq(teams.id, teamId));
    if (patch.members) await setMembers(tx, accountId, teamId, patch.members);
  });
  return getTeam(db, accountId, teamId);
}

export async function deleteTeam(db: Db, accountId: number, teamId: number) {
  const [gone] = await db.delete(teams).where(and(eq(teams.accountId, accountId), eq(teams.id, teamId))).returning({ id: teams.id });
  if (!gone) throw new NotFoundError();
}
