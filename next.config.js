// Every answer: no MIME sniffing, no framing, no referrer to other sites.
const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'same-origin' },
];
// API answers are data (JSON, CSV) or the API reference page, which loads only its own files.
const API_CONTENT_SECURITY_POLICY = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
  "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Lets a second build (tests, benchmarks) live beside a running dev server's .next.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The API serves `/api/contact` and `/api/contact/` alike, with no redirect (docs/api-conventions.md).
  skipTrailingSlashRedirect: true,
  // Native/wasm database drivers and the queue must load from node_modules at run time, not be
  // bundled: PGlite ships its own wasm and data files next to its JS.
  serverExternalPackages: ['@electric-sql/pglite', 'pg-boss', 'pg', 'postgres'],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
  // Pages get their Content-Security-Policy, with a nonce, from proxy.ts.
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
  async rewrites() {
    return {
      beforeFiles: [{ source: '/api/:path+/', destination: '/api/:path+' }],
    };
  },
};
module.exports = nextConfig;
