// The Content-Security-Policy of dashboard pages, which proxy.ts sends with a nonce per page:
// Next.js puts that nonce on the scripts it writes into the page, so no other inline script runs.
// Inline style attributes stay allowed: a style cannot run code, and components set widths
// (progress bars) that way. The headers every answer carries are in next.config.js.

export function pageContentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    // Members' pictures are URLs of their choosing (https only, lib/members/validation.ts).
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
