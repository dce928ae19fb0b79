// The production server: Next.js's documented custom server (`next()` and its request handler
// behind node:http), which serves every path, /api included, through Next.js's own router.
//
//   node scripts/server.mjs [-p PORT] [-H HOST]        (after `next build`; `npm start` runs it)
//
// It adds only what `next start` cannot do:
//   - GET bodies: the API's test operation (GET /api/account-member) takes `page` and `page_size`
//     in a JSON body on a GET, and Next.js drops the body of every GET before a route handler sees
//     it, so here the scalar fields of such a body are folded into the query string (foldGetBody).
//   - Several web processes on Postgres (WEB_CONCURRENCY): a Node process serves requests on one
//     thread, so one process leaves the other cores idle; they are plain node:cluster workers
//     sharing the port, with cluster's own scheduling (see webProcesses and supervise).
//   - A cap on the web processes' V8 heap when NODE_OPTIONS sets none (heapOptions), so that a
//     100,000-row CSV import stays under 300 MB of resident memory.
//   - API answers for what never reaches a route handler (apiGuard): a method Next.js does not
//     route (TRACE, PROPFIND …) is handed to the route as OPTIONS with the method named in a
//     header, so the route answers the DRF 405 with its own `Allow`; a path that cannot be decoded,
//     or has an empty segment, is a DRF 404 rather than Next.js's plain-text error or redirect.
//
// The web processes are always cluster workers, one or more, so that each starts with that V8
// setting, and one that dies is replaced; this process only supervises them.
import cluster from 'node:cluster';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';

const require = createRequire(import.meta.url);

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

/** A GET under /api with a JSON object body: its scalar fields join the query (fields already there win). */
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

const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
// Also read by lib/api/handler.ts (methods()).
const UNSERVED_METHOD_HEADER = 'x-engage-unserved-method';

/** True when the request was answered here. */
function apiGuard(req, res) {
  if (!req.url.startsWith('/api/')) return false;
  delete req.headers[UNSERVED_METHOD_HEADER];
  let pathname = null;
  try {
    pathname = decodeURIComponent(new URL(req.url, 'http://internal').pathname);
  } catch { /* answered below */ }
  // An empty segment (`/api//contact`, from a base URL ending in "/") would get Next.js's plain-text redirect.
  if (pathname === null || pathname.includes('//')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"detail":"Not found."}');
    return true;
  }
  if (!ROUTED_METHODS.has(req.method)) {
    req.headers[UNSERVED_METHOD_HEADER] = req.method;
    req.method = 'OPTIONS';
  }
  return false;
}

// How many web processes: WEB_CONCURRENCY, else one per core on Postgres, at most 4 (each keeps
// its own pools: DATABASE_POOL_SIZE + QUEUE_POOL_SIZE + its listeners' connections). On the 2-core
// bench machine, with Postgres beside it and other work sharing it, two served no more than one
// (bench/README.md): a machine with more cores, or the database elsewhere, is where they may pay.
// The embedded database is one process's (its data directory is locked), so there it is always one.
function webProcesses() {
  const embedded = !process.env.DATABASE_URL;
  const raw = (process.env.WEB_CONCURRENCY ?? '').trim();
  if (raw === '') return embedded ? 1 : Math.min(os.availableParallelism(), 4);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    console.error(`[server] WEB_CONCURRENCY must be a whole number from 1 to 64, not "${raw}".`);
    process.exit(1);
  }
  if (embedded && n > 1) {
    console.warn('[server] WEB_CONCURRENCY is ignored on the embedded database, which one process holds: set DATABASE_URL to run several.');
    return 1;
  }
  return n;
}

// A web process is started once it listens and its start-up (instrumentation.ts: database,
// migrations, workers) has succeeded; the listener is attached first, as start-up may finish
// during prepare().
const STARTED = 'engage:started';

async function serve() {
  let listening = false;
  let started = false;
  let closing = false; // a signal arrived: never announced after that
  const announce = () => {
    if (!listening || !started || closing) return;
    process.send({ type: STARTED });
  };
  process.once(STARTED, () => { started = true; announce(); });
  const next = require('next');
  const app = next({ dev: false, dir: process.cwd(), port, hostname: host });
  await app.prepare();
  const handle = app.getRequestHandler();

  const server = http.createServer(async (req, res) => {
    if (apiGuard(req, res)) return;
    await foldGetBody(req);
    handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  // A port already in use (or not allowed) ends the process (and, through supervise, the server).
  server.once('error', (error) => {
    console.error(`[server] cannot listen on ${host ?? '*'}:${port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(port, host, () => { listening = true; announce(); });

  // The server's own start-up (instrumentation) stops the workers and closes the database on these
  // signals; here the server stops taking connections and closes its idle ones, with a deadline in
  // case something hangs. Registered with `on`, so a second signal (Ctrl-C plus the supervisor's
  // SIGTERM) does not kill the process mid-shutdown.
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      server.close();
      setTimeout(() => process.exit(0), 15_000).unref();
    });
  }
}

// The V8 heap of a web process, unless NODE_OPTIONS names a limit: V8 lets the heap grow well past
// its live data before it collects in full, and a large CSV import took a process past 300 MB of
// RSS; with its old generation capped, V8 collects sooner and the import stays well under it, as
// fast (npm run bench:import, bench/README.md).
const HEAP_LIMIT_MB = 384;
function heapOptions() {
  const options = process.env.NODE_OPTIONS ?? '';
  if (/--max-old-space-size\b/.test(options)) return {};
  return { NODE_OPTIONS: `${options} --max-old-space-size=${HEAP_LIMIT_MB}`.trim() };
}

// The web processes: node:cluster workers, each listening on the port. The first also runs
// the job workers (unless WORKERS_IN_WEB turns them off), so the queue is worked as with one
// process. A process that dies is replaced, unless it died before it ever started (an unreachable
// database, a port in use): the server then stops with it rather than loop.
//
// Scheduling: cluster's SCHED_NONE (the workers accept from the shared socket themselves) unless
// NODE_CLUSTER_SCHED_POLICY names one, because with cluster's round-robin a web process that
// died left the connection being handed to it unanswered (in every one of 5 runs of
// e2e/api/web-processes.spec.ts), where SCHED_NONE leaves it in the socket's queue for the others;
// both spread 32 new connections alike here (10/22 to 19/13), and served alike (bench/README.md).
function supervise(count) {
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  const slots = new Map(); // cluster worker id -> { slot, started }
  let startedCount = 0;
  let ready = false;
  let stopping = false;
  let exitCode = 0;
  let restartDelay = 1000; // doubles while replacements keep dying, up to 30 s
  let lastRestart = 0;
  const fork = (slot) => {
    const worker = cluster.fork({ ...heapOptions(), WEB_PROCESS: String(slot), ...(slot > 0 ? { WORKERS_IN_WEB: 'false' } : {}) });
    slots.set(worker.id, { slot, started: false });
    worker.on('message', (message) => {
      const entry = slots.get(worker.id);
      if (stopping || message?.type !== STARTED || !entry || entry.started) return;
      entry.started = true;
      startedCount += 1;
      if (!ready && startedCount === count) {
        ready = true;
        console.log(`> Ready on http://${host ?? 'localhost'}:${port} (${count} web process${count === 1 ? '' : 'es'})`);
      }
    });
  };
  const stopAll = () => {
    for (const worker of Object.values(cluster.workers)) worker?.process.kill('SIGTERM');
  };
  cluster.on('exit', (worker, code, signal) => {
    const { slot, started } = slots.get(worker.id);
    slots.delete(worker.id);
    if (started) startedCount -= 1;
    if (stopping) {
      if (!slots.size) process.exit(exitCode);
      return;
    }
    if (!ready && !started) {
      console.error(`[server] web process ${slot} exited during start-up (${signal ?? `exit ${code}`}); stopping.`);
      stopping = true;
      exitCode = code || 1;
      stopAll();
      if (!slots.size) process.exit(exitCode);
      setTimeout(() => process.exit(exitCode), 15_000).unref();
      return;
    }
    restartDelay = Date.now() - lastRestart < 10_000 ? Math.min(restartDelay * 2, 30_000) : 1000;
    console.error(`[server] web process ${slot} exited (${signal ?? `exit ${code}`}); starting another in ${restartDelay / 1000} s.`);
    setTimeout(() => {
      if (stopping) return;
      lastRestart = Date.now();
      fork(slot);
    }, restartDelay);
  });
  // Ctrl-C reaches every process of the group by itself, and SIGTERM may too (systemd); either is
  // passed on as SIGTERM, once. Each web process stops its workers and closes its database
  // (instrumentation), then this one exits.
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stopAll();
      if (!slots.size) process.exit(0);
      setTimeout(() => process.exit(0), 20_000).unref();
    });
  }
  for (let slot = 0; slot < count; slot++) fork(slot);
}

if (cluster.isPrimary) {
  supervise(webProcesses());
} else {
  await serve();
}
