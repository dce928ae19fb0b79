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

const ascii = (bytes: Uint8Array, at: number, text: string) => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));
const starts = (bytes: Uint8Array, ...values: number[]) => values.every((v, i) => bytes[i] === v);

/**
 * Whether the file's first bytes are those of its declared type, where the type has a signature
 * (plain text has none): a file named an image that is not one would be refused by the provider
 * only after the message was accepted here.
 */
export function contentMatches(mimeType: string, bytes: Uint8Array): boolean {
  const zip = starts(bytes, 0x50, 0x4b, 0x03, 0x04); // the Office formats of 2007 on
  const ole = starts(bytes, 0xd0, 0xcf, 0x11, 0xe0); // the older Office formats
  const ftyp = ascii(bytes, 4, 'ftyp'); // MP4 and 3GPP
  switch (mimeType.split(';')[0].trim().toLowerCase()) {
    case 'image/jpeg': return starts(bytes, 0xff, 0xd8, 0xff);
    case 'image/png': return starts(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'application/pdf': return ascii(bytes, 0, '%PDF-');
    case 'video/mp4': case 'video/3gpp': case 'audio/mp4': return ftyp;
    case 'audio/ogg': return ascii(bytes, 0, 'OggS');
    case 'audio/amr': return ascii(bytes, 0, '#!AMR');
    case 'audio/mpeg': return ascii(bytes, 0, 'ID3') || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0);
    case 'audio/aac': return ascii(bytes, 0, 'ADIF') || (bytes[0] === 0xff && (bytes[1] & 0xf6) === 0xf0);
    case 'application/msword': case 'application/vnd.ms-excel': case 'application/vnd.ms-powerpoint': return ole;
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    case 'application/vnd.openxmlformats-officedocument.presentationml.presentation': return zip;
    default: return true;
  }
}
