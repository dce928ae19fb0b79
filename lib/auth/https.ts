// Whether a request reached the product over https: its public URL (NEXTAUTH_URL) says so, the
// request's own URL does, or the proxy in front of it says so in X-Forwarded-Proto. The session
// cookie is then `Secure` (and named with next-auth's `__Secure-` prefix), so a browser never
// sends it over plain http.

type HeaderSource = { get(name: string): string | null };

export function servedOverHttps(headers: HeaderSource, url?: string): boolean {
  if (process.env.NEXTAUTH_URL?.startsWith('https://')) return true;
  if (url?.startsWith('https://')) return true;
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded === 'https';
}
