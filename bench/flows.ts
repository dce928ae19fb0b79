import { FakeCloud, sign, TOKEN, webhookPayload } from '../e2e/api/fake-cloud';
import { fmt, percentile, record, scratchDatabase, startProcess, waitHealthy } from './lib';
import { queuedSends, setupMessaging } from './messaging';

// npm run bench -- flows: contacts (BENCH_FLOW_CONTACTS, default 10,000) through a 5-step outbound
// flow (template, question with buttons, condition, tag, end) with the fake Cloud API answering
// each send in 5 ms and the contact tapping "Yes" on each question's buttons at once (a signed
// interactive callback). The web process serves requests and callbacks, a separate worker runs the
// flow and sends (the deployment shape on Postgres). First, in the same run, the message-send
// drain rate as the messaging bench measures it (template sends queued with no worker, then
// drained by the worker); then contact steps per second beside it as a ratio (goal >= 0.5), and
// the p99 time from an execution's start to its contacts' first message for BENCH_FLOW_OTHERS
// other contacts started while 100 contacts sit in a 5-second ACTION, against the same run without them.
// Asserts nothing.

const PORT = Number(process.env.BENCH_PORT || 3900) + 20;
const BASE = `http://127.0.0.1:${PORT}`;
const CONTACTS = Number(process.env.BENCH_FLOW_CONTACTS || 10_000);
/** Contacts of the delay runs: alone, and beside the 100 in the slow ACTION. */
const OTHERS = Number(process.env.BENCH_FLOW_OTHERS || 500);
const SECRET = 'bench-secret';
/** Template sends queued for the drain rate (the messaging bench queues 3,300). */
const DRAIN_SENDS = Number(process.env.BENCH_DRAIN_SENDS || 3000);

async function json(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await fetch(`${BASE}${path}`, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

type Setup = { headers: Record<string, string>; channelId: number; pn: string; templateId: string; cloud: FakeCloud; sentAt: Map<string, number[]> };

async function setup(headers: Record<string, string>, cloud: FakeCloud): Promise<Setup> {
  const pn = `PNFLOW${Date.now()}`;
  const waba = `WABAFLOW${Date.now()}`;
  const sentAt = new Map<string, number[]>();
  const channel = await json('/api/channels', {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({
      name: 'Bench flows', phone_number_id: pn, business_account_id: waba, access_token: TOKEN, app_secret: SECRET, verify_token: 'v',
      base_url: cloud.baseUrl, api_version: 'v21.0', rate_limit: 1000,
    }),
  });
  cloud.setTemplates(waba, [[{ id: '1', name: 'flow_open', language: 'en', status: 'APPROVED', category: 'MARKETING', components: [{ type: 'BODY', text: 'Hello!' }] }]]);
  await json(`/api/channels/${channel.id}/sync-templates`, { method: 'POST', headers });
  const template = (await json(`/api/channels/chat/template?channel=${channel.id}`, { headers })).results[0];
  let n = 0;
  // Every question is answered at once by a signed callback from its contact.
  cloud.onSend(pn, (_count, body) => {
    const b = body as { to: string; type: string; interactive?: { body: { text: string }; action: { buttons: { reply: { id: string; title: string } }[] } } };
    const list = sentAt.get(b.to) ?? [];
    list.push(Date.now());
    sentAt.set(b.to, list);
    if (b.type === 'interactive' && b.interactive?.body.text.startsWith('Interested?')) {
      const yes = b.interactive.action.buttons[0].reply;
      const payload = JSON.stringify(webhookPayload(pn, {
        contacts: [{ profile: { name: '' }, wa_id: b.to }],
        messages: [{
          id: `wamid.in.${++n}.${Date.now()}`, from: b.to, timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'interactive', interactive: { type: 'button_reply', button_reply: yes },
        }],
      }));
      setTimeout(() => {
        fetch(`${BASE}/api/channels/cloud-api/webhook/${channel.id}`, {
          method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(SECRET, payload) }, body: payload,
        }).catch(() => {});
      }, 5);
    }
    return { status: 200, delayMs: 5, json: { messaging_product: 'whatsapp', messages: [{ id: `wamid.${Math.random()}` }] } };
  });
  return { headers, channelId: channel.id, pn, templateId: template.id, cloud, sentAt };
}

async function flow(s: Setup, name: string, extraFirst: object[] = []) {
  const offset = extraFirst.length;
  const steps = [
    ...extraFirst,
    { ordering_idx: offset, step_type: 'TEMPLATE', chat_template: s.templateId, next_step_default_idx: offset + 1 },
    { ordering_idx: offset + 1, name: 'q', step_type: 'QUESTION', body: 'Interested?', answer_type: 'SINGLE_OPTION', answer_options: ['Yes', 'No'], answer_options_render: 'BUTTONS', next_step_default_idx: offset + 2 },
    { ordering_idx: offset + 2, step_type: 'CONDITIONAL', conditions: [{ field: 'step.q', comparison: 'exact', value: 'Yes' }], next_step_default_idx: offset + 3, next_step_alternate_idx: offset + 4 },
    { ordering_idx: offset + 3, step_type: 'TAG', contact_tags: ['bench-yes'], next_step_default_idx: offset + 4 },
    { ordering_idx: offset + 4, step_type: 'END' },
  ];
  return json('/api/flow', { method: 'POST', headers: { ...s.headers, 'content-type': 'application/json' }, body: JSON.stringify({ name, steps }) });
}

async function runFor(s: Setup, flowId: string, phones: string[]) {
  const body = JSON.stringify({ execute_for: 'LIST', has_priority: true, contact_lists: [{ source: 'LIST', contact_list: phones.map((phone) => ({ phone })) }] });
  const e = await json(`/api/flow/${flowId}/run`, { method: 'POST', headers: { ...s.headers, 'content-type': 'application/json' }, body });
  return e.id as string;
}

async function until(s: Setup, executionId: string, deadlineMs = 900_000) {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const e = await json(`/api/flow-execution/${executionId}`, { headers: s.headers });
    if (['COMPLETED', 'CANCELED'].includes(e.status) || Date.now() > end) return e;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const phonesFrom = (base: number, n: number) => Array.from({ length: n }, (_, i) => `+5255${String(base + i).padStart(8, '0')}`);
/** Per contact, the time from its execution's creation to its first message reaching the provider. */
function startDelays(s: Setup, phones: string[], startedAt: number): number[] {
  return phones.map((p) => s.sentAt.get(p.replace('+', ''))?.[0]).filter((t): t is number => t !== undefined).map((t) => t - startedAt);
}

export async function flows(): Promise<void> {
  const db = await scratchDatabase('engage_bench_flows');
  const env = {
    DATABASE_URL: db.url, ENABLE_TEST_API: '1', NEXTAUTH_SECRET: 'bench', AUTH_TRUST_HOST: 'true', NEXTAUTH_URL: BASE,
    NODE_ENV: 'production', API_RATE_LIMIT: 'off', WORKERS_IN_WEB: 'false', CHANNEL_SECRET_KEY: 'bench', WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1', CHANNEL_ALLOW_PRIVATE_BASE_URLS: '127.0.0.1',
  };
  const server = startProcess(['scripts/server.mjs', '-p', String(PORT), '-H', '127.0.0.1'], env, 'flows-server');
  const procs: { worker?: ReturnType<typeof startProcess> } = {};
  const cloud = await new FakeCloud().start();
  const slow = (await import('node:http')).createServer((_req, res) => setTimeout(() => res.end('{}'), 5000));
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  let drainCloud: FakeCloud | null = null;
  try {
    await waitHealthy(BASE);
    const account = await json('/api/test/account', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"country":"MX"}' });
    const headers = { Authorization: `Token ${account.admin.key}` };
    // The drain rate, as the messaging bench measures it: sends queued with no worker, then one worker process sends them.
    const messaging = await setupMessaging(BASE, headers);
    drainCloud = messaging.cloud;
    const drain = await queuedSends(BASE, messaging, DRAIN_SENDS, async () => {
      procs.worker = startProcess(['--import', 'tsx', 'scripts/worker.ts'], env, 'flows-worker');
    });
    const s = await setup(headers, cloud);

    const main = await flow(s, 'Bench');
    const phones = phonesFrom(30000000, CONTACTS);
    const t0 = performance.now();
    const done = await until(s, await runFor(s, main.id, phones));
    const seconds = (performance.now() - t0) / 1000;
    const messages = 2 * done.completed;
    const stepsPerSecond = (5 * done.completed) / seconds;

    // Other contacts' steps while 100 contacts wait on a 5-second ACTION, against the same flow alone.
    const alone = phonesFrom(60000000, OTHERS);
    const aloneAt = Date.now();
    await until(s, await runFor(s, main.id, alone));
    const base = startDelays(s, alone, aloneAt);
    const action = await flow(s, 'Bench slow action', [{
      ordering_idx: 0, step_type: 'ACTION', action_request_url: `http://127.0.0.1:${(slow.address() as { port: number }).port}/slow`, next_step_default_idx: 1, next_step_alternate_idx: 1,
    }]);
    const others = phonesFrom(40000000, OTHERS);
    const slowRun = runFor(s, action.id, phonesFrom(50000000, 100));
    // The others start once the 100 sit in the ACTION (each waiting on its request), for 5 seconds.
    const slowId = await slowRun;
    for (let active = 0, waited = 0; active < 100 && waited < 60_000; waited += 50, await new Promise((r) => setTimeout(r, 50))) {
      active = (await json(`/api/flow-execution/${slowId}`, { headers: s.headers })).active;
    }
    const othersAt = Date.now();
    const otherRun = await runFor(s, main.id, others);
    await until(s, otherRun);
    await until(s, slowId);
    const withSlow = startDelays(s, others, othersAt);

    const ofDrain = stepsPerSecond / drain.rate;
    console.log('\n== Flows (fake Cloud API answering in 5 ms, each question answered at once; web process and a separate worker on Postgres)');
    console.log(`Message-send drain rate, ${fmt(drain.queued)} template sends queued, one worker process: ${fmt(drain.sent)} in ${fmt(drain.seconds, 1)} s = ${fmt(drain.rate)} msg/s`);
    console.log('| contacts | completed | took | contact steps/s | ÷ drain rate (goal ≥ 0.5) | flow messages sent/s | p99 time to first message, alone | the same beside 100 contacts in a 5-s ACTION |');
    console.log('|---|---|---|---|---|---|---|---|');
    console.log(`| ${fmt(CONTACTS)} | ${fmt(done.completed)} | ${fmt(seconds, 1)} s | ${fmt(stepsPerSecond)} | ${fmt(ofDrain, 2)} | ${fmt(messages / seconds)} | ${fmt(percentile(base, 99))} ms | ${fmt(percentile(withSlow, 99))} ms |`);
    record('Message-send drain rate (flows run), one worker process', `${fmt(drain.rate)} msg/s`, null, '', null);
    record(`Flow contact steps per second, ${fmt(CONTACTS)} contacts`, `${fmt(stepsPerSecond)}/s, ${fmt(ofDrain, 2)} × drain rate`, null, '>= 0.5 × drain rate', ofDrain >= 0.5);
    record(`p99 time to their first message of ${fmt(OTHERS)} other contacts, alone / beside 100 contacts in a 5-s ACTION`, `${fmt(percentile(base, 99))} ms / ${fmt(percentile(withSlow, 99))} ms`, null, 'no worse with the ACTION', percentile(withSlow, 99) <= percentile(base, 99) * 1.1);
  } finally {
    await drainCloud?.stop();
    slow.close();
    await procs.worker?.stop();
    await server.stop();
    await cloud.stop();
    await db.drop();
  }
}
