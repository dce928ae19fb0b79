import fs from 'node:fs';
import { broadcasts } from './broadcasts';
import { importBenchmark, listBenchmark, printContacts, searchBenchmark, upsertBenchmark } from './contacts';
import { calibrate, fmt, scratchDatabase, startProcess, TRANSPORT, waitHealthy, WEB_PROCESSES } from './lib';
import { inboundCallbacks, liveSends, printMessaging, queuedSends, setupMessaging, type MessagingSetup } from './messaging';
import { createContacts, FastReceiver, idleLatency, printWebhooks } from './webhooks';

// npm run bench — needs a production build (`npx next build`, or `npm start` once) and the local
// Postgres. Prints figures; asserts nothing. BENCH_ROWS changes the import size (default 100,000).
// `npm run bench -- contacts|webhooks|messaging|broadcasts` runs one part.

const PORT = Number(process.env.BENCH_PORT || 3900);
const BASE = `http://127.0.0.1:${PORT}`;
// The calibration's server: the same build and database, API routes through Next.js's router.
const CALIBRATION_BASE = `http://127.0.0.1:${PORT + 1}`;
const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const serverEnv = (url: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: url, ENABLE_TEST_API: '1', NEXTAUTH_SECRET: 'bench', AUTH_TRUST_HOST: 'true', NEXTAUTH_URL: BASE,
  WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1', NODE_ENV: 'production', API_RATE_LIMIT: 'off', ...extra,
});

async function startCalibrationServer(url: string) {
  const server = startProcess(['scripts/server.mjs', '-p', String(PORT + 1), '-H', '127.0.0.1'],
    serverEnv(url, { API_DISPATCH: 'next', WORKERS_IN_WEB: 'false' }), 'calibration-server');
  await waitHealthy(CALIBRATION_BASE);
  return server;
}

async function newAccount() {
  const res = await fetch(`${BASE}/api/test/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"country":"MX"}' });
  const body = await res.json();
  return { Authorization: `Token ${body.admin.key}` };
}

async function contacts() {
  const db = await scratchDatabase('engage_bench_contacts');
  const server = startProcess(['scripts/server.mjs', '-p', String(PORT), '-H', '127.0.0.1'], serverEnv(db.url), 'contacts-server');
  let calibrationServer: ReturnType<typeof startProcess> | null = null;
  try {
    await waitHealthy(BASE);
    const headers = await newAccount();
    const importResult = await importBenchmark({ base: BASE, server, headers, rows: ROWS });
    calibrationServer = await startCalibrationServer(db.url);
    const calibrating = await calibrate(CALIBRATION_BASE, BASE);
    const list = await listBenchmark({ base: BASE, server, headers, rows: ROWS });
    const search = await searchBenchmark({ base: BASE, server, headers, rows: ROWS });
    const page = await (await fetch(`${BASE}/api/contact?page_size=500`, { headers })).json();
    const existing = page.results.map((c: { canonical_phone: string }) => c.canonical_phone.replace(/^\+/, '00'));
    const upsert = await upsertBenchmark({ base: BASE, server, headers, rows: ROWS }, existing);
    const calibration = await calibrating.again();
    printContacts({ importResult, list, search, upsert, calibration });
  } finally {
    await calibrationServer?.stop();
    await server.stop();
    await db.drop();
  }
}

async function webhooks() {
  const db = await scratchDatabase('engage_bench_webhooks');
  const receiver = await new FastReceiver().start();
  // Phase 1: events queue up (the web process imports contacts but sends no webhooks); then one
  // separate worker process drains them.
  let server = startProcess(['scripts/server.mjs', '-p', String(PORT), '-H', '127.0.0.1'], serverEnv(db.url, { WORKER_QUEUES: 'contact-import' }), 'webhooks-server');
  let worker: ReturnType<typeof startProcess> | null = null;
  try {
    await waitHealthy(BASE);
    const headers = await newAccount();
    await fetch(`${BASE}/api/webhook-subscription`, {
      method: 'POST', headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ events: ['contact.created'], target: receiver.url() }),
    });
    const queued = 10_000;
    await createContacts(BASE, headers, queued, '55');
    worker = startProcess(['--import', 'tsx', 'scripts/worker.ts'], serverEnv(db.url, { WORKER_QUEUES: 'webhook-deliver' }), 'webhooks-worker');
    const deadline = Date.now() + 300_000;
    while (receiver.count < queued && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const seconds = (receiver.last - receiver.first) / 1000;
    const rate = (receiver.count - 1) / seconds;
    await worker.stop();
    worker = null;
    await server.stop();
    // Phase 2: the default set-up, workers in the web process, measured at idle.
    server = startProcess(['scripts/server.mjs', '-p', String(PORT), '-H', '127.0.0.1'], serverEnv(db.url), 'webhooks-server-2');
    await waitHealthy(BASE);
    await new Promise((r) => setTimeout(r, 2000));
    const latency = await idleLatency(BASE, headers, receiver);
    printWebhooks({ queued: receiver.count >= queued ? queued : receiver.count, seconds, rate, latency });
  } finally {
    await worker?.stop();
    await server.stop();
    await receiver.stop();
    await db.drop();
  }
}

async function messaging() {
  const db = await scratchDatabase('engage_bench_messaging');
  const env = { CHANNEL_SECRET_KEY: 'bench' };
  let server = startProcess(['scripts/server.mjs', '-p', String(PORT), '-H', '127.0.0.1'], serverEnv(db.url, env), 'messaging-server');
  let worker: ReturnType<typeof startProcess> | null = null;
  let setup: MessagingSetup | null = null;
  let calibrationServer: ReturnType<typeof startProcess> | null = null;
  try {
    await waitHealthy(BASE);
    setup = await setupMessaging(BASE, await newAccount());
    calibrationServer = await startCalibrationServer(db.url);
    const calibrating = await calibrate(CALIBRATION_BASE, BASE);
    const live = await liveSends(BASE, setup);
    const inbound = await inboundCallbacks(BASE, setup);
    const calibration = await calibrating.again();
    await calibrationServer.stop();
    calibrationServer = null;
    // Then sends queue up in a web process that does not send them, and one worker drains them.
    await server.stop();
    const notSending = 'contact-import,webhook-deliver,sandbox-status,template-sync-all,contact-upload-sweep';
    server = startProcess(['scripts/server.mjs', '-p', String(PORT), '-H', '127.0.0.1'], serverEnv(db.url, { ...env, WORKER_QUEUES: notSending }), 'messaging-server-2');
    await waitHealthy(BASE);
    const queued = await queuedSends(BASE, setup, 3000, async () => {
      worker = startProcess(['--import', 'tsx', 'scripts/worker.ts'], serverEnv(db.url, { ...env, WORKER_QUEUES: 'message-send' }), 'messaging-worker');
    });
    printMessaging({ live, queued, inbound, calibration });
  } finally {
    await calibrationServer?.stop();
    await (worker as ReturnType<typeof startProcess> | null)?.stop();
    await server.stop();
    await setup?.cloud.stop();
    await db.drop();
  }
}

async function main() {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('No production build: run `npx next build` (or `npm start` once) first.');
  const only = process.argv[2];
  console.log(`Benchmarks on ${new Date().toISOString()}, node ${process.version}, ${require('node:os').cpus().length} cores; `
    + `servers reach Postgres over ${TRANSPORT ? `its Unix socket in ${TRANSPORT}` : 'TCP'}; `
    + `${WEB_PROCESSES} web process${WEB_PROCESSES === 1 ? '' : 'es'} per server (WEB_CONCURRENCY)`);
  if (!only || only === 'contacts') await contacts();
  if (!only || only === 'webhooks') await webhooks();
  if (!only || only === 'messaging') await messaging();
  if (!only || only === 'broadcasts') await broadcasts();
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
