import type { z } from 'zod';
import type { quickReplies } from '@/db/schema';
import type { QuickReply } from '@/lib/openapi/schemas/composer';
import { iso } from '@/lib/serializers/iso';

export type SerializedQuickReply = z.output<typeof QuickReply>;

export function serializeQuickReply(r: typeof quickReplies.$inferSelect): SerializedQuickReply {
  return {
    id: r.id, shortcut: r.shortcut, body: r.body, created_by: r.createdBy, created_on: iso(r.createdOn), updated_on: iso(r.updatedOn),
  };
}
