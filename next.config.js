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
  async rewrites() {
    return {
      beforeFiles: [{ source: '/api/:path+/', destination: '/api/:path+' }],
    };
  },
};
module.exports = nextConfig;
