import autocannon from 'autocannon';
import { FakeCloud, sign, TOKEN, webhookPayload } from '../e2e/api/fake-cloud';
import { fmt } from './lib';

// Issue 4's figures: template sends through the API to a fake Cloud API answering in 5 ms
// (accepted requests/s, and messages actually sent/s by the workers), and signed inbound
// callbacks processed per second.

const PHONE_ID = '100200300';
const WABA = 'WABA-BENCH';
const APP_SECRET = 'bench-app-secret';

export async function messagingBenchmark(base: string, headers: Record<string, string>) {
  let wamid = 0;
  const cloud = await new FakeCloud().start();
  cloud.onSend(PHONE_ID, () => ({ status: 200, delayMs: 5, json: { messaging_product: 'whatsapp', messages: [{ id: `wamid.BENCH${++wamid}` }] } }));
  cloud.setTemplates(WABA, [[{
    id: '1', name: 'bench_hello', language: 'en', category: 'UTILITY', status: 'APPROVED',
    components: [{ type: 'BODY', text: 'Hello {{1}}, your order {{2}} is ready.' }],
  }]]);
  try {
    const json = { ...headers, 'content-type': 'application/json' };
    const channel = await (await fetch(`${base}/api/channels`, {
      method: 'POST', headers: json,
      body: JSON.stringify({
        name: 'Bench', phone_number_id: PHONE_ID, business_account_id: WABA, access_token: TOKEN, app_secret: APP_SECRET,
        verify_token: 'bench-verify', base_url: cloud.baseUrl, rate_limit: 1000,
      }),
    })).json();
    const sync = await fetch(`${base}/api/channels/${channel.id}/sync-templates`, { method: 'POST', headers: json });
    if (!sync.ok) throw new Error(`template sync failed: ${sync.status} ${await sync.text()}`);
    const list = await (await fetch(`${base}/api/channels/chat/template?search=bench_hello&channel=${channel.id}`, { headers })).json();
    const template = list.results[0];
    if (!template) throw new Error('template not synced');

    let n = 0;
    const sendRun = await (autocannon({
      url: `${base}/api/channels/chat/template/${template.id}/send`, connections: 32, duration: 10,
      requests: [{
        method: 'POST', headers: json,
        setupRequest: (req: object) => ({ ...req, body: JSON.stringify({ phone: `+5255${String(20_000_000 + (n++ % 5000)).slice(0, 8)}`, variables: ['Ana', `#${n}`] }) }),
      }],
    }) as unknown as Promise<autocannon.Result>);
    const accepted = sendRun['2xx'];
    const deadline = Date.now() + 180_000;
    while (cloud.sends(PHONE_ID).length < accepted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const sends = cloud.sends(PHONE_ID);
    const sentSeconds = (sends[sends.length - 1].at - sends[0].at) / 1000;

    let m = 0;
    const inboundRun = await (autocannon({
      url: `${base}/api/channels/cloud-api/webhook/${channel.id}`, connections: 32, duration: 10,
      requests: [{
        method: 'POST',
        setupRequest: (req: object) => {
          m += 1;
          const from = `52155${String(30_000_000 + (m % 2000)).slice(0, 8)}`;
          const body = JSON.stringify(webhookPayload(PHONE_ID, {
            contacts: [{ profile: { name: `Caller ${m % 2000}` }, wa_id: from }],
            messages: [{ from, id: `wamid.IN${m}.${Date.now()}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: `hi ${m}` } }],
          }));
          return { ...req, body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(APP_SECRET, body) } };
        },
      }],
    }) as unknown as Promise<autocannon.Result>);

    return {
      sendRps: sendRun.requests.average, accepted, sendNon2xx: sendRun.non2xx, sent: sends.length, sentSeconds,
      sentRate: sends.length / Math.max(sentSeconds, 0.001),
      inboundRps: inboundRun.requests.average, inboundNon2xx: inboundRun.non2xx, inboundP99: inboundRun.latency.p99,
    };
  } finally {
    await cloud.stop();
  }
}

export function printMessaging(r: Awaited<ReturnType<typeof messagingBenchmark>>) {
  console.log('\n== Messaging (issue 4), local Postgres, fake Cloud API answering in 5 ms');
  console.log(`Template sends accepted: ${fmt(r.sendRps)} req/s (32 connections, ${fmt(r.accepted)} accepted, non-2xx ${r.sendNon2xx})  [target >= 500/s]`);
  console.log(`Messages actually sent to the provider: ${fmt(r.sent)} in ${fmt(r.sentSeconds, 1)} s = ${fmt(r.sentRate)} msg/s  [target >= 500/s]`);
  console.log(`Signed inbound callbacks processed: ${fmt(r.inboundRps)} req/s (32 connections, p99 ${r.inboundP99} ms, non-2xx ${r.inboundNon2xx})  [target >= 1,000/s]`);
}
