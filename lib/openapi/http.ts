import { createHash } from 'node:crypto';

// Cacheable answers for the schema and the reference page: a short max-age plus an ETag, so a
// revalidation after a deploy is a cheap 304 when nothing changed.

export const SHORT_CACHE = 'public, max-age=300';
export const ASSET_CACHE = 'public, max-age=86400';

export function etag(body: Uint8Array | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

export function cacheable(req: Request, body: Uint8Array | string, opts: { contentType: string; cacheControl: string; etag?: string }): Response {
  const tag = opts.etag ?? etag(body);
  const headers = { 'Content-Type': opts.contentType, 'Cache-Control': opts.cacheControl, ETag: tag };
  const match = req.headers.get('if-none-match');
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === tag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body as BodyInit, { status: 200, headers });
}
