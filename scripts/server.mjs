// The production server: Next.js behind a thin Node HTTP server.
//
//   node scripts/server.mjs [-p PORT] [-H HOST]        (after `next build`; `npm start` runs it)
//
// Why not plain `next start`: the spec's test operation (GET /api/account-member) takes `page` and
// `page_size` in a JSON body on a GET request, and Next.js drops the body of every GET before a
// route handler sees it. Here a GET under /api that carries a JSON object has its scalar fields
// merged into the query string (fields already in the query win). Then an API request goes
// straight to its endpoint, skipping Next.js's general router and its route module's per-request
// work (route-handlers.mjs: the bare route served 1.8-2.6 times the requests/s it served through
// Next.js's router), and anything else to Next.js as usual.
//
// On Postgres it runs one web process per core (WEB_CONCURRENCY, see webProcesses below): a Node
// process serves requests on one thread, and with one process the second core sat a third idle
// while the first was saturated (list contacts: ~500 → ~750 requests/s with two). This process
// then accepts the connections and hands them to the web processes in turn (handOver, below).
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import { directRouteHandlers } from './route-handlers.mjs';

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

// How many web processes: WEB_CONCURRENCY, else one per core on Postgres, at most 4 (each keeps
// its own pools: DATABASE_POOL_SIZE + QUEUE_POOL_SIZE + its listeners' connections). The embedded database
// is one process's (its data directory is locked), so there it is always one.
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

// How API requests reach their route (route-handlers.mjs): `direct` (the default) calls the API's
// endpoints themselves, `handler` each route's built handler, `next` leaves them to Next.js's router.
const DISPATCH_MODES = ['direct', 'handler', 'next'];
function apiDispatch() {
  const raw = (process.env.API_DISPATCH ?? '').trim() || 'direct';
  if (!DISPATCH_MODES.includes(raw)) {
    console.error(`[server] API_DISPATCH must be one of ${DISPATCH_MODES.join(', ')}, not "${raw}".`);
    process.exit(1);
  }
  return raw;
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

// A web process is started once it listens and its start-up (instrumentation.ts: database,
// migrations, workers) has succeeded; the listener is attached first, as start-up may finish
// during prepare().
const STARTED = 'engage:started';
// A connection handed to a web process by the supervising one, and the web process's receipt
// (see supervise).
const CONNECTION = 'engage:connection';
const RECEIVED = 'engage:received';

async function serve() {
  let listening = false;
  let started = false;
  let closing = false; // a signal arrived: never announced after that
  const announce = () => {
    if (!listening || !started || closing) return;
    if (cluster.isPrimary) console.log(`> Ready on http://${host ?? 'localhost'}:${port}`);
    else process.send({ type: STARTED });
  };
  process.once(STARTED, () => { started = true; announce(); });
  const next = require('next');
  const app = next({ dev: false, dir: process.cwd(), port, hostname: host });
  await app.prepare();
  const handle = app.getRequestHandler();
  const dispatch = apiDispatch();
  const serveApiRoute = dispatch === 'next' ? null
    : directRouteHandlers({ distDir, hostname: host, port, fallback: handle, endpoints: dispatch === 'direct' });

  const server = http.createServer(async (req, res) => {
    await foldGetBody(req);
    if (serveApiRoute?.(req, res)) return;
    handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  if (cluster.isWorker) {
    // One of several web processes: the supervising process accepts the connections and hands
    // them over (supervise). Node.js starts an HTTP server's connection tracking (header and
    // request timeouts, idle connections closed by close()) when the server starts listening;
    // this one never listens itself, so that is started here.
    process.on('message', (message, socket) => {
      if (message?.type !== CONNECTION || !socket) return;
      // The receipt lets the supervisor close its own descriptor of the connection.
      process.send({ type: RECEIVED, id: message.id });
      server.emit('connection', socket);
      socket.resume();
    });
    server.emit('listening');
    listening = true;
    announce();
  } else {
    // A port already in use (or not allowed) ends the process.
    server.once('error', (error) => {
      console.error(`[server] cannot listen on ${host ?? '*'}:${port}: ${error.message}`);
      process.exit(1);
    });
    server.listen(port, host, () => { listening = true; announce(); });
  }

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

// The first web process also runs the job workers (unless WORKERS_IN_WEB turns them off), so the
// queue is worked exactly as with one process; the others only serve requests. A process that
// dies is replaced, unless it died before it ever started (a start-up error such as an
// unreachable database: the server stops with it rather than loop).
//
// Connections are accepted here and, once every web process has started, handed to them in turn,
// one each (a replacement joins the turn once it has started). With the web processes accepting
// on a shared socket (cluster's SCHED_NONE) or with cluster's own round-robin (which passes over
// a process still busy acknowledging its last connection), a burst of new keep-alive connections
// sometimes went all to one process, which then served them alone while the other core idled: of
// 40 runs of 32 connections each, 2-3 ended 32/1 or 28/5 with either policy. Handed over in turn,
// all 40 ended 16/16.
function supervise(count) {
  const slots = new Map(); // cluster worker id -> slot
  const startedSlots = new Set(); // slots whose current process has started
  let ready = false;
  let stopping = false;
  let exitCode = 0; // non-zero once a process failed to start
  let restartDelay = 1000; // doubles while replacements keep dying, up to 30 s
  let lastRestart = 0;
  const inTurn = []; // started web processes, to hand connections to
  let turn = 0;
  const waiting = []; // connections that arrived before every web process had started
  // Connections handed over and not yet received, by id. This process keeps its own descriptor of
  // each until the receipt comes, so that none is left open and unanswered when the process it was
  // handed to dies (the client would wait for its own timeout): one that could not be sent goes to
  // the next process; one sent but not received is closed when the process's exit is seen, as
  // the process may have read its request before dying (another would wait for it forever).
  const unreceived = new Map();
  let lastId = 0;
  const handOver = (socket) => {
    if (!ready || !inTurn.length) {
      waiting.push(socket);
      return;
    }
    const worker = inTurn[turn++ % inTurn.length];
    const id = ++lastId;
    unreceived.set(id, { socket, worker });
    // Not sent: the process is dying (its exit is handled below); the next one takes it.
    const notSent = () => {
      unreceived.delete(id);
      leaveTurn(worker);
      handOver(socket);
    };
    try {
      worker.send({ type: CONNECTION, id }, socket, { keepOpen: true }, (error) => { if (error) notSent(); });
    } catch {
      notSent();
    }
  };
  const leaveTurn = (worker) => {
    if (inTurn.includes(worker)) inTurn.splice(inTurn.indexOf(worker), 1);
  };
  const closeUnreceived = (worker) => {
    for (const [id, handed] of unreceived) {
      if (handed.worker !== worker) continue;
      unreceived.delete(id);
      handed.socket.destroy();
    }
  };
  const received = (id) => {
    const handed = unreceived.get(id);
    if (!handed) return;
    unreceived.delete(id);
    handed.socket.destroy(); // this process's descriptor only: the connection lives on in the web process
  };
  // noDelay as an HTTP server sets it on what it accepts: with Nagle's algorithm on, small
  // responses waited for the client's delayed ACKs (the bare route at 32 connections: p50 56-68 ms
  // instead of 42-54, with the machine 8-23 % idle instead of 0-1 %).
  const balancer = net.createServer({ pauseOnConnect: true, noDelay: true }, handOver);
  const fork = (slot) => {
    const worker = cluster.fork({ WEB_PROCESS: String(slot), ...(slot > 0 ? { WORKERS_IN_WEB: 'false' } : {}) });
    slots.set(worker.id, { slot, started: false });
    worker.on('message', (message) => {
      if (message?.type === RECEIVED) return received(message.id);
      if (stopping || message?.type !== STARTED || slots.get(worker.id)?.started !== false) return;
      slots.get(worker.id).started = true;
      startedSlots.add(slot);
      inTurn.push(worker);
      if (!ready && startedSlots.size === count) {
        ready = true;
        console.log(`> Ready on http://${host ?? 'localhost'}:${port} (${count} web processes)`);
      }
      for (const socket of waiting.splice(0)) handOver(socket);
    });
  };
  const stopAll = () => {
    for (const id of Object.keys(cluster.workers)) cluster.workers[id]?.process.kill('SIGTERM');
  };
  // A failure the server cannot serve through (a first start that failed, a port it cannot listen
  // on): every web process is stopped and the server exits with `code` once they have gone.
  const stopFailed = (code) => {
    stopping = true;
    exitCode = code;
    stopAll();
    setTimeout(() => process.exit(exitCode), 15_000).unref();
    if (!slots.size) process.exit(exitCode);
  };
  cluster.on('exit', (worker, code, signal) => {
    const { slot, started } = slots.get(worker.id);
    slots.delete(worker.id);
    leaveTurn(worker);
    closeUnreceived(worker);
    startedSlots.delete(slot); // until its replacement starts
    if (stopping) {
      if (!slots.size) process.exit(exitCode);
      return;
    }
    if (!ready && !started) {
      // The first start failed (an unreachable database, say): stop rather than loop.
      console.error(`[server] web process ${slot} exited during start-up (${signal ?? `exit ${code}`}); stopping.`);
      stopFailed(code || 1);
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
  // passed on as SIGTERM, once. Repeated signals are ignored rather than killing this process,
  // which would make the web processes exit at once, mid-shutdown. Each process stops its
  // workers and closes its database (instrumentation), then this one exits.
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      balancer.close();
      for (const socket of waiting.splice(0)) socket.destroy();
      stopAll();
      if (!slots.size) process.exit(0);
      setTimeout(() => process.exit(0), 20_000).unref();
    });
  }
  // A port already in use (or not allowed) stops the server, web processes and all; a connection
  // that fails to be accepted later (too many open files, say) is only that connection's loss.
  balancer.on('error', (error) => {
    if (balancer.listening) {
      console.error(`[server] accepting a connection failed: ${error.message}`);
      return;
    }
    console.error(`[server] cannot listen on ${host ?? '*'}:${port}: ${error.message}`);
    stopFailed(1);
  });
  balancer.listen(port, host);
  for (let slot = 0; slot < count; slot++) fork(slot);
}

apiDispatch(); // a value it cannot read stops the server before any process starts
const processes = cluster.isPrimary ? webProcesses() : 1;
if (cluster.isPrimary && processes > 1) {
  supervise(processes);
} else {
  await serve();
}
