import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '@/db';
import { channels, chatTemplates } from '@/db/schema';
import { NotFoundError } from '@/lib/api/errors';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import { serializeTemplate } from './serializer';
import { TEMPLATE_ORDERING_FIELDS, type TemplateCreate, type TemplateListQuery } from './validation';
import { escapeLike } from '@/lib/sql/like';
import { invalidateTopic, notifiedCache } from '@/lib/cache/notified-cache';

// The account's chat templates (list and get), each with its channel.

const orderColumns = {
  name: chatTemplates.name, language: chatTemplates.language, category: chatTemplates.category,
  status: chatTemplates.status, created_on: chatTemplates.createdOn, updated_on: chatTemplates.updatedOn,
} as const;


function ordering(value: string | undefined): SQL[] {
  const out: SQL[] = [];
  for (const term of (value ?? '').split(',').map((t) => t.trim()).filter(Boolean)) {
    const name = term.replace(/^-/, '') as (typeof TEMPLATE_ORDERING_FIELDS)[number];
    if (!TEMPLATE_ORDERING_FIELDS.includes(name)) continue;
    out.push(term.startsWith('-') ? desc(orderColumns[name]) : asc(orderColumns[name]));
  }
  if (!out.length) out.push(desc(chatTemplates.createdOn));
  out.push(desc(chatTemplates.id));
  return out;
}

export async function listTemplates(db: Db, accountId: number, url: URL, page: PageRequest, q: TemplateListQuery) {
  const categories = [...(q.category ?? []), ...(q.category__in ?? [])];
  const statuses = [...(q.status ?? []), ...(q.status__in ?? [])];
  const term = q.search?.trim();
  const where = and(
    eq(chatTemplates.accountId, accountId),
    categories.length ? inArray(chatTemplates.category, categories) : undefined,
    statuses.length ? inArray(chatTemplates.status, statuses) : undefined,
    q.channel ? eq(chatTemplates.channelId, q.channel) : undefined,
    term ? or(ilike(chatTemplates.name, `%${escapeLike(term)}%`), ilike(sql`${chatTemplates.status}::text`, `%${escapeLike(term)}%`)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select({ t: chatTemplates, c: channels }).from(chatTemplates)
      .innerJoin(channels, eq(channels.id, chatTemplates.channelId))
      .where(where).orderBy(...ordering(q.ordering)).limit(page.pageSize).offset(page.offset),
    db.select({ total: count() }).from(chatTemplates).where(where),
  ]);
  return pageEnvelope(url, page, Number(total), rows.map((r) => serializeTemplate(r.t, r.c)));
}

type TemplateWithChannel = { template: typeof chatTemplates.$inferSelect; channel: typeof channels.$inferSelect };

// Every send reads its template and channel: they come from a per-process cache that follows
// changes of templates and of channels (lib/cache/notified-cache.ts; triggers in migration 0007).
const cache = notifiedCache<TemplateWithChannel>('templates', 'channels');

/** The account's template with its channel, or null (another account's template too). */
export async function findTemplate(db: Executor, accountId: number, id: string): Promise<TemplateWithChannel | null> {
  const found = await cache.through(`${accountId}:${id}`, async () => {
    const [row] = await db.select({ t: chatTemplates, c: channels }).from(chatTemplates)
      .innerJoin(channels, eq(channels.id, chatTemplates.channelId))
      .where(and(eq(chatTemplates.accountId, accountId), eq(chatTemplates.id, id))).limit(1);
    return row ? { template: row.t, channel: row.c } : null;
  });
  return found && { template: { ...found.template }, channel: { ...found.channel } };
}

/** For code that has just changed templates in this process: forget at once. */
export function forgetTemplates(): void {
  invalidateTopic('templates');
}

export async function getTemplate(db: Db, accountId: number, id: string) {
  const row = await findTemplate(db, accountId, id);
  if (!row) throw new NotFoundError();
  return serializeTemplate(row.template, row.channel);
}

/** Creates or replaces (same channel, name and language) a template: operators' createtemplate. */
export async function saveTemplate(db: Db, accountId: number, channelId: number, input: TemplateCreate) {
  const now = new Date();
  const [row] = await db.insert(chatTemplates).values({
    accountId, channelId, name: input.name, language: input.language, category: input.category, status: input.status,
    components: input.components, isDeleted: input.status === 'deleted', updatedOn: now,
  }).onConflictDoUpdate({
    target: [chatTemplates.channelId, chatTemplates.name, chatTemplates.language],
    set: { category: input.category, status: input.status, components: input.components, isDeleted: input.status === 'deleted', updatedOn: now },
  }).returning({ id: chatTemplates.id });
  forgetTemplates();
  return getTemplate(db, accountId, row.id);
}
