import type { z } from 'zod';
import type { chatTemplates } from '@/db/schema';
import type { ChannelRecord } from '@/lib/channels/provider';
import { serializeChannelShort } from '@/lib/channels/serializer';
import type { ChatTemplate } from '@/lib/openapi/schemas/messaging';
import { variableCount } from './variables';

// One serializer for the chat template: list, detail, and embedded in messages. `components` is
// the Cloud API's components array (HEADER, BODY, FOOTER, BUTTONS), stored as the provider sends it.
// The shape is the response schema's (lib/openapi/schemas/messaging.ts).

export type TemplateRecord = typeof chatTemplates.$inferSelect;
export type SerializedTemplate = z.output<typeof ChatTemplate>;

export function serializeTemplate(t: TemplateRecord, channel: ChannelRecord): SerializedTemplate {
  return {
    id: t.id,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    components: t.components as SerializedTemplate['components'],
    rejected_reason: t.rejectedReason,
    is_deleted: t.isDeleted,
    variable_count: variableCount(t.components),
    channel: serializeChannelShort(channel),
  };
}
