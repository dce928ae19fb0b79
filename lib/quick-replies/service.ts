import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { quickReplies } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import type { Member } from '@/lib/auth/member';
import { containsPattern, escapeLike } from '@/lib/sql/like';
import { serializeQuickReply } from './serializer';
import type { QuickReplyInput } from './validation';

// Quick replies: the account's saved snippets, listed by shortcut. Every query is scoped by account.

function scoped(accountId: number, id: string) {
  return and(eq(quickReplies.accountId, accountId), eq(quickReplies.id, id));
}

/** The unique index would refuse it too; checked first so the answer names the field. */
async function checkShortcutFree(db: Db, accountId: number, shortcut: string | undefined, exceptId?: string) {
  if (shortcut === undefined) return;
  const [taken] = await db.select({ id: quickReplies.id }).from(quickReplies).where(and(
    eq(quickReplies.accountId, accountId), sql`lower(${quickReplies.shortcut}) = lower(${shortcut})`,
    exceptId ? ne(quickReplies.id, exceptId) : undefined,
  )).limit(1);
  if (taken) throw ValidationError.field('shortcut', 'A quick reply with this shortcut already exists.');
}

export async function listQuickReplies(db: Db, accountId: number, url: URL, page: PageRequest, search?: string) {
  const term = search?.trim().replace(/^\//, '');
  const where = and(eq(quickReplies.accountId, accountId), term
    ? or(ilike(quickReplies.shortcut, containsPattern(term)), ilike(quickReplies.body, containsPattern(term))) : undefined);
  const [rows, [{ count }]] = await Promise.all([
    // Shortcuts that start with the term first: typing `/gr` puts `greeting` above `regards`.
    db.select().from(quickReplies).where(where).orderBy(
      ...(term ? [sql`${quickReplies.shortcut} not ilike ${`${escapeLike(term)}%`}`] : []),
      asc(sql`lower(${quickReplies.shortcut})`), asc(quickReplies.id),
    ).limit(page.pageSize).offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(quickReplies).where(where),
  ]);
  return pageEnvelope(url, page, Number(count), rows.map(serializeQuickReply));
}

export async function getQuickReply(db: Db, accountId: number, id: string) {
  const [row] = await db.select().from(quickReplies).where(scoped(accountId, id)).limit(1);
  if (!row) throw new NotFoundError();
  return serializeQuickReply(row);
}

export async function createQuickReply(db: Db, member: Member, input: Required<QuickReplyInput>) {
  await checkShortcutFree(db, member.accountId, input.shortcut);
  const [row] = await db.insert(quickReplies).values({
    accountId: member.accountId, shortcut: input.shortcut, body: input.body, createdBy: member.userId,
  }).returning();
  return serializeQuickReply(row);
}

export async function updateQuickReply(db: Db, accountId: number, id: string, input: QuickReplyInput) {
  await getQuickReply(db, accountId, id);
  await checkShortcutFree(db, accountId, input.shortcut, id);
  const [row] = await db.update(quickReplies).set({
    ...(input.shortcut !== undefined && { shortcut: input.shortcut }), ...(input.body !== undefined && { body: input.body }), updatedOn: new Date(),
  }).where(scoped(accountId, id)).returning();
  if (!row) throw new NotFoundError();
  return serializeQuickReply(row);
}

export async function deleteQuickReply(db: Db, accountId: number, id: string) {
  const rows = await db.delete(quickReplies).where(scoped(accountId, id)).returning({ id: quickReplies.id });
  if (!rows.length) throw new NotFoundError();
}
