import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db';
import { channels, chatTemplates, messages, users } from '@/db/schema';
import { serializeShortUser } from '@/lib/members/serializer';
import { serializeTemplate } from '@/lib/templates/serializer';
import { serializeMessage, type MessageRecord } from './serializer';

/** Serializes messages with their senders and templates, loaded in two batched queries. */
export async function serializeMessages(db: Executor, rows: MessageRecord[]) {
  const userIds = [...new Set(rows.map((m) => m.sentById).filter((v): v is number => v !== null))];
  const templateIds = [...new Set(rows.map((m) => m.chatTemplateId).filter((v): v is string => v !== null))];
  const [senders, templates] = await Promise.all([
    userIds.length ? db.select().from(users).where(inArray(users.id, userIds)) : [],
    templateIds.length
      ? db.select({ t: chatTemplates, c: channels }).from(chatTemplates).innerJoin(channels, eq(channels.id, chatTemplates.channelId))
        .where(inArray(chatTemplates.id, templateIds))
      : [],
  ]);
  const userMap = new Map(senders.map((u) => [u.id, serializeShortUser(u)]));
  const templateMap = new Map(templates.map((r) => [r.t.id, serializeTemplate(r.t, r.c)]));
  return rows.map((m) => serializeMessage(m, {
    sentBy: m.sentById === null ? null : userMap.get(m.sentById) ?? null,
    template: m.chatTemplateId === null ? null : templateMap.get(m.chatTemplateId) ?? null,
  }));
}

export async function getMessage(db: Executor, accountId: number, id: string) {
  const [row] = await db.select().from(messages).where(and(eq(messages.accountId, accountId), eq(messages.id, id))).limit(1);
  return row ? (await serializeMessages(db, [row]))[0] : null;
}

/** A page of messages matching `where` (account-scoped by the caller), oldest first. */
export async function pageOfMessages(db: Executor, where: SQL, limit: number, offset: number) {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(messages).where(where).orderBy(asc(messages.timestamp), asc(messages.seq)).limit(limit).offset(offset),
    db.select({ total: count() }).from(messages).where(where),
  ]);
  return { total: Number(total), results: await serializeMessages(db, rows) };
}
