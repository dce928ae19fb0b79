import fs from 'node:fs';
import { FakeCloud, TOKEN } from '../e2e/api/fake-cloud';
import { postgresCpuSeconds, scratchDatabase, startProcess, waitHealthy } from './lib';
import { busiestSecond } from '../lib/test-support/busiest-second';

// npm run bench -- broadcasts: 10,000 recipients through a fake Cloud API answering in 5 ms, with
// the web process serving requests and a separate worker process sending (the deployment shape
// on Postgres). Prints the time to accept the create request, the sustained send rate against the
// channel's limit, the busiest one-second window (sliding, as the provider receives them) and the
// worker's peak memory; then the busiest window at a limit of 80/s. Asserts nothing.

const PORT = Number(process.env.BENCH_PORT || 3900) + 10;
const BASE = `http://127.0.0.1:${PORT}`;
const RECIPIENTS = Number(process.env.BENCH_BROADCAST_RECIPIENTS || 10_000);

type Sample = {
  limit: number; recipients: number; acceptMs: number; ratePerSecond: number; busiest: number; workerPeakMb: number; seconds: number;
  cpu: { postgres: number; worker: number };
};

function processCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function peakRssMb(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

async function json(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await fetch(`${BASE}${path}`, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function run(limit: number, recipients: number, cloud: FakeCloud, headers: Record<string, string>, worker: { pid: number }): Promise<Sample> {
  const pn = `PN${limit}x${Date.now()}`;
  const waba = `WABA${limit}x${Date.now()}`;
  cloud.onSend(pn, () => ({ status: 200, delayMs: 5, json: { messaging_product: 'whatsapp', messages: [{ id: `wamid.${Math.random()}` }] } }));
  cloud.setTemplates(waba, [[{ id: '1', name: 'bench', language: 'en', status: 'APPROVED', category: 'MARKETING', components: [{ type: 'BODY', text: 'Hi {{1}}, code {{2}}' }] }]]);
  const channel = await json('/api/channels', {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({
      name: `Bench ${limit}`, phone_number_id: pn, business_account_id: waba, access_token: TOKEN, app_secret: 's', verify_token: 'v',
      base_url: cloud.baseUrl, api_version: 'v21.0', rate_limit: limit,
    }),
  });
  // BENCH_STATUS_CALLBACKS=1: the provider calls back a signed `sent` status for every send, as the Cloud API does.
  if (process.env.BENCH_STATUS_CALLBACKS) cloud.callBackStatuses(pn, `${BASE}/api/channels/cloud-api/webhook/${channel.id}`, 's');
  await json(`/api/channels/${channel.id}/sync-templates`, { method: 'POST', headers });
  const template = (await json(`/api/channels/chat/template?channel=${channel.id}`, { headers })).results[0];
  const body = JSON.stringify({
    name: `Bench ${limit}/s`, chat_template: template.id,
    recipients: Array.from({ length: recipients }, (_, i) => ({ phone: `+5255${String(20000000 + i + limit * 100000).slice(-8)}`, data: [`Name ${i}`, `C${i}`] })),
  });
  const pg0 = postgresCpuSeconds();
  const w0 = processCpuSeconds(worker.pid);
  const t0 = performance.now();
  const created = await json('/api/broadcast', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
  const acceptMs = performance.now() - t0;
  for (;;) {
    const b = await json(`/api/broadcast/${created.id}?include_recipients=false`, { headers });
    if (b.pending === 0 || ['COMPLETED', 'FAILED', 'CANCELED'].includes(b.status)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const at = cloud.sends(pn).map((s) => s.at);
  const cpu = { postgres: postgresCpuSeconds() - pg0, worker: processCpuSeconds(worker.pid) - w0 };
  const seconds = (Math.max(...at) - Math.min(...at)) / 1000;
  if (process.env.BENCH_TRACE) { const t0 = Math.min(...at); const bins: number[] = []; for (const a of at) bins[Math.floor((a - t0) / 250)] = (bins[Math.floor((a - t0) / 250)] ?? 0) + 1; console.log('bins/250ms', bins.join(' ')); }
  return { limit, recipients, acceptMs, ratePerSecond: at.length / seconds, busiest: busiestSecond(at), workerPeakMb: peakRssMb(worker.pid), seconds, cpu };
}

export async function broadcasts(): Promise<void> {
  const db = await scratchDatabase('engage_bench_broadcasts');
  const env = {
    DATABASE_URL: db.url, ENABLE_TEST_API: '1', NEXTAUTH_SECRET: 'bench', AUTH_TRUST_HOST: 'true', NEXTAUTH_URL: BASE,
    NODE_ENV: 'production', API_RATE_LIMIT: 'off', WORKERS_IN_WEB: 'false', CHANNEL_SECRET_KEY: 'bench', CHANNEL_ALLOW_PRIVATE_BASE_URLS: '127.0.0.1',
  };
  const server = startProcess(['scripts/server.mjs', '-p', String(PORT), '-H', '127.0.0.1'], env, 'broadcasts-server');
  let worker: ReturnType<typeof startProcess> | null = null;
  const cloud = await new FakeCloud().start();
  try {
    await waitHealthy(BASE);
    worker = startProcess(['--import', 'tsx', 'scripts/worker.ts'], env, 'broadcasts-worker');
    const account = await json('/api/test/account', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"country":"MX"}' });
    const headers = { Authorization: `Token ${account.admin.key}` };
    const fast = await run(1000, RECIPIENTS, cloud, headers, worker.child as { pid: number });
    const slow = await run(80, Math.min(RECIPIENTS, 800), cloud, headers, worker.child as { pid: number });
    const f = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
    console.log('\nBroadcasts (fake Cloud API answering in 5 ms; web process and a separate worker process on Postgres)');
    console.log('| channel limit | recipients | create accepted in | sent in | sustained rate | rate / limit (goal ≥ 0.9) | busiest 1-s window (must be ≤ limit) | worker peak RSS | CPU ms per message: Postgres / worker |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const s of [fast, slow]) {
      console.log(`| ${s.limit}/s | ${f(s.recipients)} | ${f(s.acceptMs)} ms | ${f(s.seconds, 1)} s | ${f(s.ratePerSecond)}/s | ${f(s.ratePerSecond / s.limit, 2)} | ${s.busiest} | ${f(s.workerPeakMb)} MB | ${f(s.cpu.postgres * 1000 / s.recipients, 1)} / ${f(s.cpu.worker * 1000 / s.recipients, 1)} |`);
    }
  } finally {
    await worker?.stop();
    await server.stop();
    await cloud.stop();
    await db.drop();
  }
}

