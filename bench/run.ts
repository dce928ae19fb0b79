import fs from 'node:fs';
import { broadcasts } from './broadcasts';
import { flows } from './flows';
import { inboxBenchmark, printInbox, seedInbox } from './inbox';
import { importBenchmark, listBenchmark, printContacts, searchBenchmark, upsertBenchmark } from './contacts';
import { fmt, measureFloor, printSummary, scratchDatabase, startProcess, throughput, TRANSPORT, waitHealthy, WEB_PROCESSES } from './lib';
import { inboundCallbacks, liveSends, printMessaging, queuedSends, setupMessaging, type MessagingSetup } from './messaging';
import { createContacts, FastReceiver, idleLatency, printWebhooks } from './webhooks';

// npm run bench — needs a production build (`npx next build`, or `npm start` once) and the local
// Postgres. Prints figures and a summary table (bench/README.md); asserts nothing. BENCH_ROWS
// changes the import size (default 100,000). `npm run bench -- contacts|webhooks|messaging|broadcasts|flows|inbox|compare`
// runs one part (compare: only when named). BENCH_SERVER_ENV="NAME=value NAME2=value" adds settings
// to every server the bench starts (to compare one setting's effect).

const PORT = Number(process.env.BENCH_PORT || 3900);
const BASE = `http://127.0.0.1:${PORT}`;
const ROWS = Number(process.env.BENCH_ROWS || 100_000);
// One run's ratios move with the machine (bench/README.md): BENCH_RUNS repeats the parts, and the
// summary judges each figure by its median run.
const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_RUNS)) || 1);
/** `A=1 B=2` as { A: '1', B: '2' }. */
function settings(text: string): Record<string, string> {
  return Object.fromEntries(text.split(/\s+/).filter(Boolean).map((pair) => {
    const at = pair.indexOf('=');
    return [pair.slice(0, at), pair.slice(at + 1)];
  }));
}
const EXTRA_ENV = settings(process.env.BENCH_SERVER_ENV ?? '');
const serverEnv = (url: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: url, ENABLE_TEST_API: '1', NEXTAUTH_SECRET: 'bench', AUTH_TRUST_HOST: 'true', NEXTAUTH_URL: BASE,
  WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1', CHANNEL_ALLOW_PRIVATE_BASE_URLS: '127.0.0.1', NODE_ENV: 'production', API_RATE_LIMIT: 'off', ...EXTRA_ENV, ...extra,
});

async function newAccount() {
  const res = await fetch(`${BASE}/api/test/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"country":"MX"}' });
  const body = await res.json();
  return { Authorization: `Token ${body.admin.key}` };
}

async function contacts() {
  const db = await scratchDatabase('engage_bench_contacts');
  const server = startProcess(['scripts/server.mjs', '-p', String(PORT), '-H', '127.0.0.1'], serverEnv(db.url), 'contacts-server');
  try {
    await waitHealthy(BASE);
    const headers = await newAccount();
    const importResult = await importBenchmark({ base: BASE, server, headers, rows: ROWS });
    const search = await searchBenchmark({ base: BASE, server, headers, rows: ROWS });
    const measuring = await measureFloor(BASE);
    const list = await listBenchmark({ base: BASE, server, headers, rows: ROWS });
    const page = await (await fetch(`${BASE}/api/contact?page_size=500`, { headers })).json();
    const existing = page.results.map((c: { canonical_phone: string }) => c.canonical_phone.replace(/^\+/, '00'));
    const upsert = await upsertBenchmark({ base: BASE, server, headers, rows: ROWS }, existing);
    const floor = await measuring.again();
    printContacts({ importResult, list, search, upsert, floor });
  } finally {
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
    const measuring = await measureFloor(BASE);
    const floor = await measuring.again();
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
    printWebhooks({ queued: receiver.count >= queued ? queued : receiver.count, seconds, rate, latency, floor });
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
  try {
    await waitHealthy(BASE);
    setup = await setupMessaging(BASE, await newAccount());
    const measuring = await measureFloor(BASE);
    // The floor's SELECT behind a POST of a send's size: what a write's request costs before our code.
    const barePost = await throughput(`${BASE}/api/test/bare`, {}, { phone: '+525512345678', variables: ['Ana', '#1'] });
    const live = await liveSends(BASE, setup);
    const inbound = await inboundCallbacks(BASE, setup);
    const floor = await measuring.again();
    // Then sends queue up in a web process that does not send them, and one worker drains them.
    await server.stop();
    const notSending = 'contact-import,webhook-deliver,sandbox-status,template-sync-all,contact-upload-sweep';
    server = startProcess(['scripts/server.mjs', '-p', String(PORT), '-H', '127.0.0.1'], serverEnv(db.url, { ...env, WORKER_QUEUES: notSending }), 'messaging-server-2');
    await waitHealthy(BASE);
    const queued = await queuedSends(BASE, setup, 3000, async () => {
      worker = startProcess(['--import', 'tsx', 'scripts/worker.ts'], serverEnv(db.url, { ...env, WORKER_QUEUES: 'message-send' }), 'messaging-worker');
    });
    printMessaging({ live, queued, inbound, floor, barePost });
  } finally {
    await (worker as ReturnType<typeof startProcess> | null)?.stop();
    await server.stop();
    await setup?.cloud.stop();
    await db.drop();
  }
}

async function inbox() {
  const db = await scratchDatabase('engage_bench_inbox');
  const server = startProcess(['scripts/server.mjs', '-p', String(PORT), '-H', '127.0.0.1'], serverEnv(db.url, { CHANNEL_SECRET_KEY: 'bench' }), 'inbox-server');
  let setup: MessagingSetup | null = null;
  try {
    await waitHealthy(BASE);
    setup = await setupMessaging(BASE, await newAccount());
    const seeded = await seedInbox(db.url, setup.channelId);
    const measuring = await measureFloor(BASE);
    printInbox(await inboxBenchmark(BASE, setup, db.url, seeded, measuring));
  } finally {
    await server.stop();
    await setup?.cloud.stop();
    await db.drop();
  }
}

// One setting against another: the floor and the contact list on one server after another, each
// started with one of the variants, in two rounds (this machine's speed drifts). By default, one
// web process, two (cluster's scheduling as scripts/server.mjs sets it) and two with cluster's
// round-robin; BENCH_COMPARE="A=1 B=2; A=3" compares other settings (variants separated by ';').
async function compare() {
  const variants: [string, Record<string, string>][] = process.env.BENCH_COMPARE
    ? process.env.BENCH_COMPARE.split(';').map((v) => v.trim()).filter(Boolean).map((v) => [v, settings(v)])
    : [
      ['1 web process', { WEB_CONCURRENCY: '1' }],
      ['2 web processes', { WEB_CONCURRENCY: '2' }],
      ['2 web processes, round-robin', { WEB_CONCURRENCY: '2', NODE_CLUSTER_SCHED_POLICY: 'rr' }],
    ];
  const db = await scratchDatabase('engage_bench_compare');
  const results = new Map<string, { bare: number[]; list: number[] }>(variants.map(([label]) => [label, { bare: [], list: [] }]));
  let headers: Record<string, string> | null = null;
  try {
    for (let round = 1; round <= 2; round++) {
      for (const [label, env] of variants) {
        const server = startProcess(['scripts/server.mjs', '-p', String(PORT), '-H', '127.0.0.1'], serverEnv(db.url, env), 'compare-server');
        try {
          await waitHealthy(BASE);
          if (!headers) {
            headers = await newAccount();
            await importBenchmark({ base: BASE, server, headers, rows: ROWS });
          }
          const bare = await throughput(`${BASE}/api/test/bare`);
          const list = await throughput(`${BASE}/api/contact?page_size=20`, headers);
          results.get(label)!.bare.push(bare);
          results.get(label)!.list.push(list);
          console.log(`round ${round}, ${label}: floor ${fmt(bare)} req/s, contact list ${fmt(list)} req/s`);
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await db.drop();
  }
  console.log(`\n== Compared (floor and contact list page 1 of 20 over ${fmt(ROWS)} imported rows, 32 connections; req/s in each round)`);
  const first = results.get(variants[0][0])!;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  for (const [label] of variants) {
    const r = results.get(label)!;
    console.log(`${label}: floor ${r.bare.map((x) => fmt(x)).join(' / ')} (× ${fmt(mean(r.bare) / mean(first.bare), 2)} of the first), `
      + `contact list ${r.list.map((x) => fmt(x)).join(' / ')} (× ${fmt(mean(r.list) / mean(first.list), 2)} of the first; `
      + `${fmt(mean(r.list) / mean(r.bare), 2)} × its floor)`);
  }
}

async function main() {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('No production build: run `npx next build` (or `npm start` once) first.');
  const only = process.argv[2];
  console.log(`Benchmarks on ${new Date().toISOString()}, node ${process.version}, ${require('node:os').cpus().length} cores; `
    + `servers reach Postgres over ${TRANSPORT ? `its Unix socket in ${TRANSPORT}` : 'TCP'}; `
    + `${WEB_PROCESSES} web process${WEB_PROCESSES === 1 ? '' : 'es'} per server (WEB_CONCURRENCY)`);
  for (let run = 1; run <= RUNS; run++) {
    if (RUNS > 1) console.log(`\n#### Run ${run} of ${RUNS}`);
    if (!only || only === 'contacts') await contacts();
    if (!only || only === 'webhooks') await webhooks();
    if (!only || only === 'messaging') await messaging();
    if (!only || only === 'broadcasts') await broadcasts();
    if (!only || only === 'flows') await flows();
    if (!only || only === 'inbox') await inbox();
    if (only === 'compare') await compare();
  }
  printSummary();
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
