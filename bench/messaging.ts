import autocannon from 'autocannon';
import { FakeCloud, sign, TOKEN, webhookPayload } from '../e2e/api/fake-cloud';
import { fmt, ratio, record, type Floor } from './lib';

// The messaging figures: template sends through the API to a fake Cloud API answering in 5 ms
// (accepted requests/s, and messages actually sent/s by the workers), and signed inbound
// callbacks processed per second.

export const PHONE_ID = '100200300';
const WABA = 'WABA-BENCH';
export const APP_SECRET = 'bench-app-secret';

export type MessagingSetup = { cloud: FakeCloud; channelId: number; templateId: string; headers: Record<string, string> };

/** A fake Cloud API answering sends in 5 ms, and a cloud_api channel on it with a synced template. */
export async function setupMessaging(base: string, headers: Record<string, string>): Promise<MessagingSetup> {
  let wamid = 0;
  const cloud = await new FakeCloud().start();
  cloud.onSend(PHONE_ID, () => ({ status: 200, delayMs: 5, json: { messaging_product: 'whatsapp', messages: [{ id: `wamid.BENCH${++wamid}` }] } }));
  cloud.setTemplates(WABA, [[{
    id: '1', name: 'bench_hello', language: 'en', category: 'UTILITY', status: 'APPROVED',
    components: [{ type: 'BODY', text: 'Hello {{1}}, your order {{2}} is ready.' }],
  }]]);
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
  if (!list.results[0]) throw new Error('template not synced');
  return { cloud, channelId: channel.id, templateId: list.results[0].id, headers };
}

let sendNumber = 0;
function sendRequests(setup: MessagingSetup) {
  return [{
    method: 'POST' as const, headers: { ...setup.headers, 'content-type': 'application/json' },
    setupRequest: (req: object) => {
      sendNumber += 1;
      return { ...req, body: JSON.stringify({ phone: `+5255${String(20_000_000 + (sendNumber % 5000)).slice(0, 8)}`, variables: ['Ana', `#${sendNumber}`] }) };
    },
  }];
}

async function waitForSends(setup: MessagingSetup, total: number, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (setup.cloud.sends(PHONE_ID).length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  return setup.cloud.sends(PHONE_ID);
}

/**
 * Sends accepted at 32 connections for 10 s, with the workers of the web process sending them
 * meanwhile; after a 3-second warm-up (as the list and the floor have), whose sends are
 * all sent before the measured run starts.
 */
export async function liveSends(base: string, setup: MessagingSetup) {
  const sendFor = (duration: number) => autocannon({
    url: `${base}/api/channels/chat/template/${setup.templateId}/send`, connections: 32, duration, requests: sendRequests(setup),
  }) as unknown as Promise<autocannon.Result>;
  const start = setup.cloud.sends(PHONE_ID).length;
  const warmUp = await sendFor(3);
  await waitForSends(setup, start + warmUp['2xx']);
  const before = setup.cloud.sends(PHONE_ID).length;
  const run = await sendFor(10);
  const sends = (await waitForSends(setup, before + run['2xx'])).slice(before);
  const seconds = (sends[sends.length - 1].at - sends[0].at) / 1000;
  return { rps: run.requests.average, accepted: run['2xx'], non2xx: run.non2xx, sent: sends.length, seconds, rate: sends.length / Math.max(seconds, 0.001) };
}

/**
 * Sends queued while no process works on message-send, then drained by `startWorker`: what the
 * send pipeline itself pushes to the provider per second, unbounded by how fast the API accepts.
 */
export async function queuedSends(base: string, setup: MessagingSetup, queued: number, startWorker: () => Promise<unknown>) {
  const before = setup.cloud.sends(PHONE_ID).length;
  const accept = (amount: number) => new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url: `${base}/api/channels/chat/template/${setup.templateId}/send`, connections: 32, amount, requests: sendRequests(setup) },
      (error, result) => (error ? reject(error) : resolve(result)));
  });
  // The server has just started: a warm-up, as the floor has, before the acceptance is timed.
  const warmUp = Math.round(queued / 10);
  await accept(warmUp);
  const accepting = await accept(queued);
  const total = warmUp + queued;
  await startWorker();
  const sends = (await waitForSends(setup, before + total)).slice(before);
  const seconds = (sends[sends.length - 1].at - sends[0].at) / 1000;
  return {
    queued: total, sent: sends.length, seconds, rate: (sends.length - 1) / Math.max(seconds, 0.001),
    // How fast the API accepted them, with no process sending meanwhile.
    accepted: queued, acceptedRps: accepting['2xx'] / Math.max(accepting.duration, 0.001), non2xx: accepting.non2xx,
  };
}

/** Signed callbacks, one text message each, at 32 connections for 10 s after a 3-second warm-up. */
export async function inboundCallbacks(base: string, setup: MessagingSetup) {
  let m = 0;
  const callFor = (duration: number) => autocannon({
    url: `${base}/api/channels/cloud-api/webhook/${setup.channelId}`, connections: 32, duration,
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
  }) as unknown as Promise<autocannon.Result>;
  await callFor(3);
  const run = await callFor(10);
  return { rps: run.requests.average, non2xx: run.non2xx, p99: run.latency.p99 };
}

export function printMessaging(r: {
  live: Awaited<ReturnType<typeof liveSends>>; queued: Awaited<ReturnType<typeof queuedSends>>; inbound: Awaited<ReturnType<typeof inboundCallbacks>>;
  floor: Floor; barePost: number;
}) {
  const { live, queued, inbound, floor, barePost } = r;
  const of = (rps: number) => rps / floor.mean;
  console.log('\n== Messaging, local Postgres, fake Cloud API answering in 5 ms');
  console.log(floor.line);
  console.log(`The floor's route as a POST with a JSON body of a send's size: ${fmt(barePost)} req/s  ${ratio(barePost, floor)}`);
  record('Floor route as a POST with a JSON body', `${fmt(barePost)} req/s`, of(barePost), '', null);
  console.log(`Template sends accepted: ${fmt(live.rps)} req/s (32 connections, ${fmt(live.accepted)} accepted, non-2xx ${live.non2xx})  ${ratio(live.rps, floor, 0.4)}`);
  record('Template sends accepted (workers sending meanwhile), 32 connections', `${fmt(live.rps)} req/s`, of(live.rps), '>= 0.4 × floor', of(live.rps) >= 0.4);
  console.log(`Messages sent to the provider meanwhile (workers in the web process): ${fmt(live.sent)} in ${fmt(live.seconds, 1)} s = ${fmt(live.rate)} msg/s  ${ratio(live.rate, floor)}`);
  record('Messages sent to the provider meanwhile', `${fmt(live.rate)} msg/s`, of(live.rate), '', null);
  console.log(`Template sends accepted with no process sending meanwhile (${fmt(queued.accepted)} of the ${fmt(queued.queued)} queued below, after the rest as a warm-up): ${fmt(queued.acceptedRps)} req/s (32 connections, non-2xx ${queued.non2xx})  ${ratio(queued.acceptedRps, floor)}`);
  record('Template sends accepted, nothing sending meanwhile', `${fmt(queued.acceptedRps)} req/s`, of(queued.acceptedRps), '', null);
  console.log(`Messages sent to the provider, ${fmt(queued.queued)} queued, one worker process: ${fmt(queued.sent)} in ${fmt(queued.seconds, 1)} s = ${fmt(queued.rate)} msg/s  ${ratio(queued.rate, floor)}`);
  record(`Messages sent, ${fmt(queued.queued)} queued, one worker process`, `${fmt(queued.rate)} msg/s`, of(queued.rate), '', null);
  console.log(`Signed inbound callbacks processed: ${fmt(inbound.rps)} req/s (32 connections, p99 ${inbound.p99} ms, non-2xx ${inbound.non2xx})  ${ratio(inbound.rps, floor, 0.6)}`);
  record('Signed inbound callbacks, 32 connections', `${fmt(inbound.rps)} req/s`, of(inbound.rps), '>= 0.6 × floor', of(inbound.rps) >= 0.6);
  record('Floor (bare route), messaging server', `${fmt(floor.mean)} req/s`, 1, '', null);
}
