// What the composer may attach: the media types the WhatsApp Cloud API accepts by link, each
// sent as the message type it maps to, with the provider's size limit per type (documents are
// held to the same 16 MB as audio and video, as the file is kept in the database).

export type MediaMsgType = 'image' | 'document' | 'audio' | 'video';

const MB = 1024 * 1024;
export const MEDIA_LIMITS: Record<MediaMsgType, number> = { image: 5 * MB, audio: 16 * MB, video: 16 * MB, document: 16 * MB };
export const ATTACHMENT_MAX_BYTES = 16 * MB;

export const MEDIA_TYPES: Record<string, MediaMsgType> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'audio/aac': 'audio',
  'audio/amr': 'audio',
  'audio/mpeg': 'audio',
  'audio/mp4': 'audio',
  'audio/ogg': 'audio',
  'video/mp4': 'video',
  'video/3gpp': 'video',
  'application/pdf': 'document',
  'text/plain': 'document',
  'application/msword': 'document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'document',
  'application/vnd.ms-excel': 'document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'document',
  'application/vnd.ms-powerpoint': 'document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'document',
};
export const ATTACHMENT_MEDIA_TYPES = Object.keys(MEDIA_TYPES);

export function msgTypeFor(mimeType: string): MediaMsgType | null {
  return MEDIA_TYPES[mimeType.split(';')[0].trim().toLowerCase()] ?? null;
}

export function megabytes(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}

/** A file's size as a person reads it. */
export function fileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : megabytes(bytes);
}
