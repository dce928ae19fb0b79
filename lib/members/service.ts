import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '@/db';
import { groups, teamMembers, teams, userGroups, users } from '@/db/schema';
import { ValidationError } from '@/lib/api/errors';
import { hashPassword } from '@/lib/auth/passwords';
import { serializeMember, serializeUser, type Group, type Team } from './serializer';
import {
  createUserSchema, USER_FILTER_FIELDS, USER_ORDERING_FIELDS, type CreateUserInput, type UserListQuery,
} from './validation';
import { escapeLike } from '@/lib/sql/like';
import { DEFAULT_PAGE_SIZE } from '@/lib/api/pagination';

const columns = { email: users.email, first_name: users.firstName, last_name: users.lastName } as const;
const orderColumns = { ...columns, id: users.id, date_joined: users.dateJoined } as const;

function filterConditions(query: UserListQuery): SQL[] {
  const conditions: SQL[] = [];
  for (const field of USER_FILTER_FIELDS) {
    const column = columns[field];
    const q = query as Record<string, string | undefined>;
    const contains = q[`${field}__icontains`];
    const starts = q[`${field}__istartswith`];
    const ends = q[`${field}__iendswith`];
    const exact = q[`${field}__iexact`];
    const isnull = q[`${field}__isnull`];
    if (contains !== undefined) conditions.push(ilike(column, `%${escapeLike(contains)}%`));
    if (starts !== undefined) conditions.push(ilike(column, `${escapeLike(starts)}%`));
    if (ends !== undefined) conditions.push(ilike(column, `%${escapeLike(ends)}`));
    if (exact !== undefined) conditions.push(ilike(column, escapeLike(exact)));
    if (isnull !== undefined) conditions.push(['true', 'True', '1'].includes(isnull) ? isNull(column) : isNotNull(column));
  }
  if (query.search) {
    const term = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(users.email, term))!);
  }
  return conditions;
}

/** DRF's OrderingFilter: comma-separated fields, `-` for descending; unknown fields are ignored. */
function ordering(value: string | undefined): SQL[] {
  const terms = (value ?? '').split(',').map((t) => t.trim()).filter(Boolean);
  const out: SQL[] = [];
  for (const term of terms) {
    const name = term.replace(/^-/, '') as (typeof USER_ORDERING_FIELDS)[number];
    if (!USER_ORDERING_FIELDS.includes(name)) continue;
    out.push(term.startsWith('-') ? desc(orderColumns[name]) : asc(orderColumns[name]));
  }
  out.push(asc(users.id));
  return out;
}

async function groupsByUser(db: Executor, userIds: number[]): Promise<Map<number, Group[]>> {
  const map = new Map<number, Group[]>();
  if (!userIds.length) return map;
  const rows = await db.select({ userId: userGroups.userId, id: groups.id, name: groups.name })
    .from(userGroups).innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(inArray(userGroups.userId, userIds)).orderBy(asc(groups.name));
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), { id: r.id, name: r.name }]);
  return map;
}

async function teamsByUser(db: Executor, userIds: number[]): Promise<Map<number, Team[]>> {
  const map = new Map<number, Team[]>();
  if (!userIds.length) return map;
  const rows = await db.select({ userId: teamMembers.userId, id: teams.id, name: teams.name, strategy: teams.assignmentStrategy })
    .from(teamMembers).innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(inArray(teamMembers.userId, userIds)).orderBy(asc(teams.name));
  for (const r of rows) {
    map.set(r.userId, [...(map.get(r.userId) ?? []), { id: r.id, name: r.name, assignment_strategy: r.strategy }]);
  }
  return map;
}

export async function listUsers(db: Db, accountId: number, query: UserListQuery) {
  const rows = await db.select().from(users)
    .where(and(eq(users.accountId, accountId), ...filterConditions(query)))
    .orderBy(...ordering(query.ordering));
  const groupMap = await groupsByUser(db, rows.map((u) => u.id));
  return rows.map((u) => serializeUser(u, groupMap.get(u.id) ?? []));
}

export async function listMembers(db: Db, accountId: number, page?: { page?: number; page_size?: number }) {
  let q = db.select().from(users).where(eq(users.accountId, accountId)).orderBy(asc(users.id)).$dynamic();
  // Paged when either is given (a page alone takes the default size), else the whole list.
  if (page?.page_size || page?.page) {
    const size = page.page_size ?? DEFAULT_PAGE_SIZE;
    q = q.limit(size).offset(((page.page ?? 1) - 1) * size);
  }
  const rows = await q;
  const ids = rows.map((u) => u.id);
  const [groupMap, teamMap] = await Promise.all([groupsByUser(db, ids), teamsByUser(db, ids)]);
  return rows.map((u) => serializeMember(u, groupMap.get(u.id) ?? [], teamMap.get(u.id) ?? []));
}

/** Ids among `ids` that are not members of the account (for "Invalid pk" errors). */
export async function foreignUserIds(db: Executor, accountId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, ids)));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** One member in the account-member form, with groups and teams. */
export async function getMemberProfile(db: Db, accountId: number, userId: number) {
  const user = await getMember(db, accountId, userId);
  if (!user) return null;
  const [groupMap, teamMap] = await Promise.all([groupsByUser(db, [user.id]), teamsByUser(db, [user.id])]);
  return serializeMember(user, groupMap.get(user.id) ?? [], teamMap.get(user.id) ?? []);
}

export async function getMember(db: Db, accountId: number, userId: number) {
  const [user] = await db.select().from(users).where(and(eq(users.accountId, accountId), eq(users.id, userId))).limit(1);
  return user ?? null;
}

export async function createUser(db: Db, accountId: number, input: CreateUserInput) {
  const data = createUserSchema.parse(input);
  const [taken] = await db.select({ id: users.id }).from(users)
    .where(eq(sql`lower(${users.email})`, data.email.toLowerCase())).limit(1);
  if (taken) throw ValidationError.field('email', 'A user with that email already exists.');
  const [user] = await db.insert(users).values({
    accountId, email: data.email, role: data.role, firstName: data.first_name, lastName: data.last_name,
    passwordHash: await hashPassword(data.password),
  }).returning();
  return user;
}
