/**
 * The origin the client used to reach this server (for absolute URLs the client pastes elsewhere,
 * like a channel's callback URL): the forwarded or Host header, which `req.url` may not reflect.
 */
export function requestOrigin(req: Request): string {
  const url = new URL(req.url);
  const host = req.headers.get('x-forwarded-host')?.split(',')[0].trim() || req.headers.get('host') || url.host;
  const proto = req.headers.get('x-forwarded-proto')?.split(',')[0].trim() || url.protocol.replace(/:$/, '');
  return `${proto}://${host}`;
}

/**
 * The request's URL as the client addressed it (the links of a page, for instance, point back to
 * the host the client used); the server's own URL when the headers name no usable host.
 */
export function publicUrl(req: Request): URL {
  const own = new URL(req.url);
  try {
    const url = new URL(own.pathname + own.search, requestOrigin(req));
    return url.pathname === own.pathname ? url : own;
  } catch {
    return own;
  }
}
