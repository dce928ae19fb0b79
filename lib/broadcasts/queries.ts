import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '@/db';
import { broadcastContactTags, broadcastRecipients, broadcasts, channels, chatTemplates, users } from '@/db/schema';
import { NotFoundError } from '@/lib/api/errors';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import { containsPattern } from '@/lib/sql/like';
import { serializeBroadcast, serializeRecipient, type BroadcastRecord, type SerializedBroadcast } from './serializer';
import type { BroadcastListQuery, RecipientListQuery } from './validation';

// Reading broadcasts and their recipients; every query is scoped by the account.

/** The broadcasts as the API shows them, in the order given, with what the serializer needs. */
export async function withExtras(db: Executor, rows: BroadcastRecord[], includeRecipients: boolean): Promise<SerializedBroadcast[]> {
  if (!rows.length) return [];
  const ids = rows.map((b) => b.id);
  const templateIds = [...new Set(rows.map((b) => b.chatTemplateId).filter((id): id is string => id !== null))];
  const creatorIds = [...new Set(rows.map((b) => b.createdById).filter((id): id is number => id !== null))];
  const [templates, creators, tags, recipients, retries] = await Promise.all([
    templateIds.length
      ? db.select({ t: chatTemplates, c: channels }).from(chatTemplates).innerJoin(channels, eq(channels.id, chatTemplates.channelId))
        .where(inArray(chatTemplates.id, templateIds))
      : [],
    creatorIds.length ? db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, creatorIds)) : [],
    db.select().from(broadcastContactTags).where(inArray(broadcastContactTags.broadcastId, ids)),
    includeRecipients
      ? db.select({ broadcastId: broadcastRecipients.broadcastId, ids: sql<number[]>`array_agg(${broadcastRecipients.id} order by ${broadcastRecipients.id})` })
        .from(broadcastRecipients).where(inArray(broadcastRecipients.broadcastId, ids)).groupBy(broadcastRecipients.broadcastId)
      : [],
    db.select({ id: broadcasts.id, retryOf: broadcasts.retryOfId }).from(broadcasts).where(inArray(broadcasts.retryOfId, ids)).orderBy(desc(broadcasts.id)),
  ]);
  // The first retry of each (older data may hold several): the map keeps the last set, the lowest id.
  const retryOf = new Map(retries.map((r) => [r.retryOf!, r.id]));
  const templateOf = new Map(templates.map((r) => [r.t.id, { template: r.t, channel: r.c }]));
  const emailOf = new Map(creators.map((u) => [u.id, u.email]));
  const recipientsOf = new Map(recipients.map((r) => [r.broadcastId, r.ids.map(Number)]));
  return rows.map((b) => serializeBroadcast(b, {
    createdBy: b.createdById === null ? null : emailOf.get(b.createdById) ?? null,
    template: b.chatTemplateId ? templateOf.get(b.chatTemplateId) ?? null : null,
    contactTagIds: tags.filter((t) => t.broadcastId === b.id).map((t) => t.tagId).sort((x, y) => x - y),
    recipientIds: includeRecipients ? recipientsOf.get(b.id) ?? [] : null,
    retriedBy: retryOf.get(b.id) ?? null,
  }));
}

function scoped(accountId: number, id: number): SQL {
  return and(eq(broadcasts.accountId, accountId), eq(broadcasts.id, id))!;
}

export async function findBroadcast(db: Executor, accountId: number, id: number): Promise<BroadcastRecord> {
  const [row] = await db.select().from(broadcasts).where(scoped(accountId, id)).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

export async function getBroadcast(db: Db, accountId: number, id: number, includeRecipients = true): Promise<SerializedBroadcast> {
  const [shown] = await withExtras(db, [await findBroadcast(db, accountId, id)], includeRecipients);
  return shown;
}

/** Newest first; `search` matches the name. */
export async function listBroadcasts(db: Db, accountId: number, url: URL, page: PageRequest, q: BroadcastListQuery) {
  const where = and(
    eq(broadcasts.accountId, accountId),
    q.search ? sql`lower(${broadcasts.name}) like lower(${containsPattern(q.search)})` : undefined,
    q.status ? eq(broadcasts.status, q.status) : undefined,
  );
  const [rows, [{ count }]] = await Promise.all([
    db.select().from(broadcasts).where(where).orderBy(desc(broadcasts.createdOn), desc(broadcasts.id)).limit(page.pageSize).offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(broadcasts).where(where),
  ]);
  return pageEnvelope(url, page, Number(count), await withExtras(db, rows, q.include_recipients));
}

/** Recipients whose number holds the term's digits; a term without digits matches none (a phone is all they have). */
function phoneMatch(term: string) {
  const phone = term.replace(/[^\d+]/g, '');
  return /\d/.test(phone) ? sql`${broadcastRecipients.canonicalPhone} like ${containsPattern(phone)}` : sql`false`;
}

/** A broadcast's recipients in the order they were given, with their status and reason. */
export async function listRecipients(db: Db, accountId: number, id: number, url: URL, page: PageRequest, q: RecipientListQuery) {
  await findBroadcast(db, accountId, id);
  const where = and(
    eq(broadcastRecipients.broadcastId, id),
    q.status ? inArray(broadcastRecipients.status, q.status) : undefined,
    q.search ? phoneMatch(q.search) : undefined,
  );
  const [rows, [{ count }]] = await Promise.all([
    db.select().from(broadcastRecipients).where(where).orderBy(asc(broadcastRecipients.id)).limit(page.pageSize).offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(broadcastRecipients).where(where),
  ]);
  return pageEnvelope(url, page, Number(count), rows.map(serializeRecipient));
}
