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
