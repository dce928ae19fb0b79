// The production server: Next.js behind a thin Node HTTP server.
//
//   node scripts/server.mjs [-p PORT] [-H HOST]        (after `next build`; `npm start` runs it)
//
// Why not plain `next start`: the spec's test operation (GET /api/account-member) takes `page` and
// `page_size` in a JSON body on a GET request, and Next.js drops the body of every GET before a
// route handler sees it. Here a GET under /api that carries a JSON object has its scalar fields
// merged into the query string (fields already in the query win), then Next.js handles the
// request as usual.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const next = require('next');

const args = process.argv.slice(2);
const flag = (names, fallback) => {
  const i = args.findIndex((a) => names.includes(a));
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const port = Number(flag(['-p', '--port'], process.env.PORT || 3000));
const host = flag(['-H', '--hostname'], process.env.HOST || undefined);
const GET_BODY_LIMIT = 64 * 1024;

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= GET_BODY_LIMIT) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= GET_BODY_LIMIT ? Buffer.concat(chunks).toString('utf8') : ''));
    req.on('error', () => resolve(''));
  });
}

async function foldGetBody(req) {
  const declared = Number(req.headers['content-length'] || 0);
  if (req.method !== 'GET' || !req.url.startsWith('/api/') || (!declared && !req.headers['transfer-encoding'])) return;
  let parsed;
  try {
    parsed = JSON.parse(await readBody(req));
  } catch {
    return; // not JSON: the body is ignored, as it always is on GET
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return;
  const url = new URL(req.url, 'http://internal');
  for (const [key, value] of Object.entries(parsed)) {
    if (['string', 'number', 'boolean'].includes(typeof value) && !url.searchParams.has(key)) url.searchParams.set(key, String(value));
  }
  req.url = url.pathname + url.search;
}

// Next.js looks for these optional manifests on every request and, when a build has none, reads
// them again each time (a failed open and an exception per request, ~4 % of a list request's CPU):
// only found manifests are cached. Written empty, they mean what a missing one means ({}).
const distDir = process.env.NEXT_DIST_DIR || '.next'; // as next.config.js reads it
for (const file of ['dynamic-css-manifest', 'server/subresource-integrity-manifest.json']) {
  try {
    const target = `${distDir}/${file}`;
    if (fs.existsSync(`${distDir}/BUILD_ID`) && !fs.existsSync(target)) fs.writeFileSync(target, '{}');
  } catch {
    // a read-only build: requests just pay for the lookups
  }
}

const app = next({ dev: false, dir: process.cwd(), port, hostname: host });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer(async (req, res) => {
  await foldGetBody(req);
  handle(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => console.log(`> Ready on http://${host ?? 'localhost'}:${port}`));

// The server's own start-up (instrumentation) stops the workers and closes the database on these
// signals; here the listener stops taking connections, with a deadline in case something hangs.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close();
    setTimeout(() => process.exit(0), 15_000).unref();
  });
}
