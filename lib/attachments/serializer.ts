import type { z } from 'zod';
import type { attachments } from '@/db/schema';
import type { Attachment } from '@/lib/openapi/schemas/composer';
import { iso } from '@/lib/serializers/iso';
import { msgTypeFor } from './media-types';

export type SerializedAttachment = z.output<typeof Attachment>;
export type AttachmentRecord = Omit<typeof attachments.$inferSelect, 'data'>;

/** The public URL of a stored file: the provider fetches it from there, without credentials. */
export function attachmentUrl(origin: string, token: string): string {
  return `${origin}/api/media/${token}`;
}

export function serializeAttachment(a: AttachmentRecord, origin: string): SerializedAttachment {
  return {
    id: a.id, filename: a.filename, mime_type: a.mimeType, size: a.size, msg_type: msgTypeFor(a.mimeType) ?? 'document',
    url: attachmentUrl(origin, a.token), created_on: iso(a.createdOn),
  };
}
