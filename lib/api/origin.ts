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
 * The origin of links that may travel by email (invitations, password resets): the configured
 * public URL (NEXTAUTH_URL), since the Host and X-Forwarded-Host headers are whatever the caller
 * sends; the request's origin only when none is configured.
 */
export function linkOrigin(req: Request): string {
  const configured = process.env.NEXTAUTH_URL?.trim();
  if (!configured) return requestOrigin(req);
  try {
    return new URL(configured).origin;
  } catch {
    // An unreadable setting names no host: the links still need one.
    return requestOrigin(req);
  }
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
