import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Db, Executor } from '@/db';
import { attachments } from '@/db/schema';
import { ApiError, NotFoundError, ValidationError } from '@/lib/api/errors';
import { readLimited } from '@/lib/api/body';
import type { Member } from '@/lib/auth/member';
import { ATTACHMENT_MAX_BYTES, contentMatches, MEDIA_LIMITS, megabytes, msgTypeFor } from './media-types';
import { serializeAttachment, type AttachmentRecord } from './serializer';

// Files agents attach in the composer. Stored in the database (bytea), so that every web process
// serves them and the worker needs none of them: the provider fetches them by URL.

const ACCEPTED = 'JPEG or PNG images; AAC, AMR, MP3, MP4 or OGG audio; MP4 or 3GP video; PDF, text, Word, Excel or PowerPoint documents';
const { data: _data, ...meta } = getTableColumns(attachments);

/** A name safe in a header and on a phone: no path, no control characters. */
function cleanName(raw: string | null, mimeType: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200);
  return base || `file.${mimeType.split('/')[1]?.split(/[.+-]/).pop() ?? 'bin'}`;
}

export async function storeAttachment(db: Db, member: Member, req: Request, filename: string | null, origin: string) {
  const mimeType = (req.headers.get('content-type') || '').split(';')[0].trim().toLowerCase();
  const type = msgTypeFor(mimeType);
  if (!type) {
    throw new ApiError(415, { detail: `Files of type "${mimeType || 'unknown'}" cannot be sent. Accepted: ${ACCEPTED}.` });
  }
  const limit = MEDIA_LIMITS[type];
  let data: Uint8Array;
  try {
    data = await readLimited(req, Math.min(limit, ATTACHMENT_MAX_BYTES));
  } catch (error) {
    if (error instanceof ApiError && error.status === 413) {
      throw new ApiError(413, { detail: `The file is too large: ${type === 'image' ? 'an image' : `a ${type} file`} may be at most ${megabytes(limit)}.` });
    }
    throw error;
  }
  if (!data.byteLength) throw ValidationError.nonField('The file is empty.');
  if (!contentMatches(mimeType, data)) {
    throw new ApiError(415, { detail: `The file's content is not that of a "${mimeType}" file: send it with its own type.` });
  }
  const [row] = await db.insert(attachments).values({
    accountId: member.accountId, token: randomUUID(), filename: cleanName(filename, mimeType), mimeType, size: data.byteLength,
    data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), uploadedBy: member.userId,
  }).returning(meta);
  return serializeAttachment(row, origin);
}

/** The account's attachment, without its bytes; a 400 on `attachment` when it is not the account's. */
export async function attachmentForMessage(tx: Executor, accountId: number, id: string): Promise<AttachmentRecord> {
  const [row] = await tx.select(meta).from(attachments).where(and(eq(attachments.accountId, accountId), eq(attachments.id, id))).limit(1);
  if (!row) throw ValidationError.field('attachment', 'No such attachment: upload the file first.');
  return row;
}

/** The file behind a public URL; anyone holding the token may read it, as the provider must. */
export async function attachmentByToken(db: Db, token: string) {
  const [row] = await db.select().from(attachments).where(eq(attachments.token, token)).limit(1);
  if (!row) throw new NotFoundError();
  return { ...row, data: Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength) };
}
