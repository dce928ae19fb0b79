import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/db';
import { channels, chatTemplates, templateCategory, templateStatus } from '@/db/schema';
import type { ChannelRecord, ProviderTemplate } from '@/lib/channels/provider';
import { forgetChannels } from '@/lib/channels/by-id';
import { providerFor } from '@/lib/channels/providers';
import type { TemplateSyncResult } from '@/lib/openapi/schemas/messaging';

// Template sync for provider channels: every template the provider lists is upserted by
// (channel, name, language); templates it no longer lists are marked deleted. Runs every 5 minutes
// (templateSyncAllJob), when a channel is added or its credentials change (templateSyncJob) and on
// demand (POST /api/channels/{id}/sync-templates).

type Category = (typeof templateCategory.enumValues)[number];
type Status = (typeof templateStatus.enumValues)[number];

function category(value: string | undefined): Category {
  const upper = String(value ?? '').toUpperCase();
  return (templateCategory.enumValues as readonly string[]).includes(upper) ? upper as Category : 'UTILITY';
}

/** A provider's template status as ours (PENDING → pending; paused and archived ones are disabled; an unknown one is pending, so not sent). */
export function providerStatus(value: string | undefined): Status {
  const lower = String(value ?? '').toLowerCase();
  if ((templateStatus.enumValues as readonly string[]).includes(lower)) return lower as Status;
  // Paused and archived ones cannot be sent until the provider's owner brings them back.
  if (lower === 'paused' || lower === 'limit_exceeded' || lower === 'archived') return 'disabled';
  return 'pending';
}

export type SyncResult = z.output<typeof TemplateSyncResult>;

function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/\0/g, '') as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)])) as T;
  return value;
}

export async function syncChannelTemplates(db: Db, channel: ChannelRecord): Promise<SyncResult> {
  const fetched = await providerFor(channel).fetchTemplates();
  const now = new Date();
  if (fetched === null) {
    await db.update(channels).set({ templatesSyncedOn: now }).where(eq(channels.id, channel.id));
    forgetChannels();
    return { fetched: 0, removed: 0, templates_synced_on: now.toISOString() };
  }
  // NUL characters cannot be stored as text (Postgres refuses them) and mean nothing in a template.
  const valid = fetched.filter((t: ProviderTemplate) => t && t.name && t.language).map((t) => withoutNul(t));
  const result = await db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const t of valid) {
      const st = providerStatus(t.status);
      const [row] = await tx.insert(chatTemplates).values({
        accountId: channel.accountId, channelId: channel.id, providerTemplateId: t.id ? String(t.id) : null,
        name: String(t.name).slice(0, 512), language: String(t.language).slice(0, 16), category: category(t.category),
        status: st, components: Array.isArray(t.components) ? t.components : [],
        rejectedReason: t.rejected_reason && t.rejected_reason !== 'NONE' ? String(t.rejected_reason) : '',
        isDeleted: st === 'deleted', updatedOn: now,
      }).onConflictDoUpdate({
        target: [chatTemplates.channelId, chatTemplates.name, chatTemplates.language],
        set: {
          providerTemplateId: sql`excluded.provider_template_id`, category: sql`excluded.category`, status: sql`excluded.status`,
          components: sql`excluded.components`, rejectedReason: sql`excluded.rejected_reason`, isDeleted: sql`excluded.is_deleted`,
          updatedOn: now,
        },
      }).returning({ id: chatTemplates.id });
      ids.push(row.id);
    }
    const removed = await tx.update(chatTemplates).set({ status: 'deleted', isDeleted: true, updatedOn: now })
      .where(and(eq(chatTemplates.channelId, channel.id), eq(chatTemplates.isDeleted, false),
        ids.length ? notInArray(chatTemplates.id, ids) : undefined))
      .returning({ id: chatTemplates.id });
    await tx.update(channels).set({ templatesSyncedOn: now, ...(channel.status === 'NEW' ? { status: 'ACTIVE' as const } : {}) })
      .where(eq(channels.id, channel.id));
    return { fetched: valid.length, removed: removed.length, templates_synced_on: now.toISOString() };
  });
  forgetChannels(); // which also forgets the templates cached with their channel
  return result;
}
