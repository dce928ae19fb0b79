import { ParseError, PayloadTooLargeError, UnsupportedMediaTypeError } from './errors';

export const JSON_BODY_LIMIT = 2 * 1024 * 1024;
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Reads a request body as bytes, refusing (413) as soon as it passes `limit`. */
export async function readLimited(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') || 0);
  if (declared > limit) throw new PayloadTooLargeError(limit);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new PayloadTooLargeError(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function mediaType(req: Request): string {
  return (req.headers.get('content-type') || '').split(';')[0].trim().toLowerCase();
}

function formToObject(entries: Iterable<[string, FormDataEntryValue]>, lists: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const text = typeof value === 'string' ? value : value.name;
    // Defined, not assigned: a field named __proto__ stays a field (and is refused as one).
    const next = Object.hasOwn(out, key) ? ([] as unknown[]).concat(out[key], text) : lists.has(key) ? [text] : text;
    Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Parses a write body: JSON, or for flat bodies url-encoded and multipart forms
 * (docs/api-conventions.md, "Request bodies"), where a field named in `lists` is a list even when
 * given once. An empty body is `{}` so that validation reports the missing fields one by one.
 */
export async function parseBody(req: Request, limit = JSON_BODY_LIMIT, lists: ReadonlySet<string> = new Set()): Promise<unknown> {
  const type = mediaType(req);
  const raw = await readLimited(req, limit);
  if (raw.byteLength === 0) return {};
  if (type === 'application/json' || type === '' || type.endsWith('+json')) {
    try {
      // JSON is UTF-8: bytes that are not are refused rather than stored as U+FFFD.
      return JSON.parse(STRICT_UTF8.decode(raw));
    } catch (error) {
      throw new ParseError(`JSON parse error - ${(error as Error).message}`);
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    return formToObject(new URLSearchParams(Buffer.from(raw).toString('utf8')), lists);
  }
  if (type === 'multipart/form-data') {
    try {
      const form = await new Response(Buffer.from(raw), { headers: { 'content-type': req.headers.get('content-type')! } }).formData();
      return formToObject(form.entries(), lists);
    } catch {
      throw new ParseError('Multipart form parse error - Invalid boundary in multipart.');
    }
  }
  throw new UnsupportedMediaTypeError(type);
}
