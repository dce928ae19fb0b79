import postgres from 'postgres';
import { sign, webhookPayload } from '../e2e/api/fake-cloud';
import { fmt, percentile, record, type Floor } from './lib';
import { APP_SECRET, PHONE_ID, type MessagingSetup } from './messaging';

// The inbox figures, on an account with 10,000 open conversations and 200,000 messages: the
// conversation list at one client (p99, beside the floor route's at one client), a search over
// message text, SQL statements per list request at two page sizes, and the time from a signed
// inbound callback to the message visible through the live stream with 50 streams open.

export const CONVERSATIONS = 10_000;
export const MESSAGES_PER_CONVERSATION = 20;
const STREAMS = 50;
const CALLBACKS = 40;
const PAGE = 30;
const PHONE_BASE = 40_000_000;

const WORDS = ['order', 'invoice', 'delivery', 'refund', 'address', 'payment', 'tracking', 'warranty', 'discount', 'size'];

/** A client of the bench database (its URL may name the Unix socket as `?host=`, which postgres.js takes as an option). */
function connect(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const host = url.searchParams.get('host');
  url.search = '';
  return postgres(url.toString(), { max: 1, onnotice: () => {}, ...(host ? { host } : {}) });
}

/** Contacts, one open conversation each and their messages, written straight into the account (as years of use would leave them). */
export async function seedInbox(databaseUrl: string, channelId: number): Promise<{ accountId: number; seconds: number }> {
  const started = performance.now();
  const db = connect(databaseUrl);
  try {
    const [{ account_id: accountId }] = await db<{ account_id: number }[]>`select account_id from channels where id = ${channelId}`;
    await db`insert into contacts (account_id, phone, canonical_phone, first_name, last_name, search_text, created_on)
      select ${accountId}, '+5255' || (${PHONE_BASE} + n), '+5255' || (${PHONE_BASE} + n), 'Seed', 'Contact ' || n,
        '5255' || (${PHONE_BASE} + n) || ' seed contact ' || n, now() - interval '30 days'
      from generate_series(1, ${CONVERSATIONS}) as n`;
    await db`insert into conversations (account_id, contact_id, channel_id, status, source, last_message_on, last_inbound_on, unread_count, created_on, updated_on)
      select ${accountId}, c.id, ${channelId}, (case when n % 2 = 0 then 'NEW' else 'IN_PROGRESS' end)::conversation_status, 'INBOX',
        now() - n * interval '1 minute', now() - n * interval '1 minute', n % 3, now() - interval '30 days', now()
      from (select id, row_number() over (order by canonical_phone) as n from contacts where account_id = ${accountId}) c`;
    const words = WORDS.map((w) => `'${w}'`).join(',');
    // In slices, so that no one statement's transition table (the inbox triggers) holds 200,000 rows.
    for (let k = 1; k <= MESSAGES_PER_CONVERSATION; k++) {
      await db.unsafe(`insert into messages (account_id, conversation_id, contact_id, channel_id, direction, source, status, msg_type,
          to_number, from_number, body, timestamp)
        select cv.account_id, cv.id, cv.contact_id, cv.channel_id,
          (case when $2 % 2 = 1 then 'INBOUND' else 'OUTBOUND' end)::message_direction,
          (case when $2 % 2 = 1 then 'INBOUND' else 'INBOX' end)::message_source,
          (case when $2 % 2 = 1 then 'received' else 'read' end)::message_status, 'text',
          '+5215550000000', '+5215550000001',
          'Message ' || $2 || ' about my ' || (array[${words}])[1 + (abs(hashtext(cv.id::text || $2)) % 10)]
            || ' number ' || (abs(hashtext(cv.id::text)) % 100000) || ', thanks',
          cv.last_message_on - ($3 - $2) * interval '1 minute'
        from conversations cv where cv.account_id = $1`, [accountId, k, MESSAGES_PER_CONVERSATION]);
    }
    await db`analyze contacts`;
    await db`analyze conversations`;
    await db`analyze messages`;
    return { accountId, seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.end();
  }
}

/** Latencies (ms) of `count` sequential GETs, after `warmUp` unmeasured ones. */
async function sequential(url: string, headers: Record<string, string>, count: number, warmUp = 20): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < warmUp + count; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    if (i >= warmUp) times.push(performance.now() - t);
  }
  return times;
}

/**
 * Statements per request: the database's committed transactions while `count` list requests run,
 * less what the idle server commits in as long (its job queue). Each statement the list runs
 * outside a transaction is one; the figure is read from pg_stat_database once backends flushed it.
 */
async function statementsPerRequest(databaseUrl: string, url: string, headers: Record<string, string>, count = 100): Promise<number> {
  const db = connect(databaseUrl);
  const commits = async () => {
    await new Promise((r) => setTimeout(r, 11_000)); // an idle backend flushes its statistics within 10 s
    const [row] = await db`select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`;
    return Number(row.n);
  };
  try {
    const idleStart = await commits();
    const idleFrom = performance.now();
    await new Promise((r) => setTimeout(r, 3_000));
    const idleEnd = await commits();
    const idleRate = (idleEnd - idleStart - 1) / (performance.now() - idleFrom); // less the reading's own
    const from = performance.now();
    await sequential(url, headers, count, 0);
    const end = await commits();
    const background = idleRate * (performance.now() - from);
    return (end - idleEnd - 1 - background) / count;
  } finally {
    await db.end();
  }
}

type Stream = { close: () => void; onChange: (fn: (ids: string[] | null, at: number) => void) => void };

/** A GET /api/inbox/events stream read as a browser's EventSource would. */
async function openStream(base: string, headers: Record<string, string>): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/inbox/events`, { headers, signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`stream: ${res.status}`);
  const listeners: ((ids: string[] | null, at: number) => void)[] = [];
  let ready = () => {};
  const isReady = new Promise<void>((r) => { ready = r; });
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name === 'ready') ready();
          if (name === 'change' && data) for (const l of listeners) l((JSON.parse(data) as { conversations: string[] | null }).conversations, at);
        }
      }
    } catch { /* closed */ }
  })();
  await isReady;
  return { close: () => controller.abort(), onChange: (fn) => listeners.push(fn) };
}

/**
 * CALLBACKS signed callbacks, one at a time, each a text from one of the seeded contacts; for
 * each, when the change reached each of the open streams, and when the message is visible: the
 * first stream's client, told of the change, reads the inbox list page (as the dashboard does)
 * and finds the message as the conversation's last.
 */
async function liveLatency(base: string, setup: MessagingSetup) {
  const streams = await Promise.all(Array.from({ length: STREAMS }, () => openStream(base, setup.headers)));
  const arrivals: number[] = [];
  const visible: number[] = [];
  try {
    for (let i = 1; i <= CALLBACKS; i++) {
      const n = 1 + ((i * 97) % CONVERSATIONS);
      const from = `52155${PHONE_BASE + n}`;
      const text = `Live ${i} ${Date.now()}`;
      const body = JSON.stringify(webhookPayload(PHONE_ID, {
        contacts: [{ profile: { name: `Seed ${n}` }, wa_id: from }],
        messages: [{ from, id: `wamid.LIVE${i}.${Date.now()}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
      }));
      const reached = streams.map((s) => new Promise<number>((resolve) => s.onChange((ids, at) => { if (ids?.length) resolve(at); })));
      const seen = reached[0].then(async () => {
        for (;;) {
          const page = await (await fetch(`${base}/api/inbox/conversation?ordering=-last_message_on&page_size=${PAGE}`, { headers: setup.headers })).json();
          if (page.results.some((c: { last_message: { body: string } | null }) => c.last_message?.body === text)) return performance.now();
        }
      });
      const sent = performance.now();
      const res = await fetch(`${base}/api/channels/cloud-api/webhook/${setup.channelId}`, {
        method: 'POST', body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(APP_SECRET, body) },
      });
      if (!res.ok) throw new Error(`callback: ${res.status}`);
      const times = await Promise.all(reached);
      arrivals.push(...times.map((t) => t - sent));
      visible.push((await seen) - sent);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    for (const s of streams) s.close();
  }
  return { arrivals, visible };
}

export async function inboxBenchmark(base: string, setup: MessagingSetup, databaseUrl: string, seeded: { seconds: number }, measuring: { again: () => Promise<Floor> }) {
  const { headers } = setup;
  const listUrl = `${base}/api/inbox/conversation?ordering=-last_message_on&page_size=${PAGE}`;
  const floorLatency = await sequential(`${base}/api/test/bare`, {}, 300);
  const list = await sequential(listUrl, headers, 300);
  const mine = await sequential(`${base}/api/inbox/conversation?ordering=-last_message_on&page_size=${PAGE}&status=NEW`, headers, 300);
  const search = await sequential(`${base}/api/inbox/conversation?ordering=-last_message_on&page_size=${PAGE}&search=${encodeURIComponent('refund number 123')}`, headers, 100, 5);
  const small = await statementsPerRequest(databaseUrl, `${base}/api/inbox/conversation?ordering=-last_message_on&page_size=10`, headers);
  const large = await statementsPerRequest(databaseUrl, `${base}/api/inbox/conversation?ordering=-last_message_on&page_size=100`, headers);
  const live = await liveLatency(base, setup);
  const floor = await measuring.again();
  return { seeded, floorLatency, list, mine, search, small, large, live, floor };
}

export function printInbox(r: Awaited<ReturnType<typeof inboxBenchmark>>) {
  const p = (xs: number[], q: number) => percentile(xs, q);
  const floorP99 = p(r.floorLatency, 99);
  console.log(`\n== Inbox, local Postgres: ${fmt(CONVERSATIONS)} open conversations, ${fmt(CONVERSATIONS * MESSAGES_PER_CONVERSATION)} messages in one account (seeded in ${fmt(r.seeded.seconds, 1)} s)`);
  console.log(r.floor.line);
  console.log(`Floor route at 1 client: p50 ${fmt(p(r.floorLatency, 50), 1)} ms, p99 ${fmt(floorP99, 1)} ms (300 requests)`);
  const listP99 = p(r.list, 99);
  console.log(`Conversation list, page 1 of ${PAGE}, newest activity first, 1 client: p50 ${fmt(p(r.list, 50), 1)} ms, p99 ${fmt(listP99, 1)} ms `
    + `(= ${fmt(listP99 / floorP99, 1)} × the floor route's p99)  [goal p99 <= 30 ms: ${listP99 <= 30 ? 'met' : 'NOT met'}]`);
  record(`Conversation list p99, 1 client (${fmt(CONVERSATIONS)} open, ${fmt(CONVERSATIONS * MESSAGES_PER_CONVERSATION)} messages)`,
    `${fmt(listP99, 1)} ms (floor route ${fmt(floorP99, 1)} ms)`, null, 'p99 <= 30 ms', listP99 <= 30);
  console.log(`Conversation list filtered by status: p50 ${fmt(p(r.mine, 50), 1)} ms, p99 ${fmt(p(r.mine, 99), 1)} ms`);
  const searchP99 = p(r.search, 99);
  console.log(`Search over contacts and message text ("refund number 123"): p50 ${fmt(p(r.search, 50), 1)} ms, p99 ${fmt(searchP99, 1)} ms (100 requests)`);
  record('Inbox search over message text p99, 1 client', `${fmt(searchP99, 1)} ms`, null, '', null);
  console.log(`SQL statements per list request: ${fmt(r.small, 1)} at page_size=10, ${fmt(r.large, 1)} at page_size=100 `
    + `[goal: not growing with page size: ${r.large <= r.small + 0.5 ? 'met' : 'NOT met'}]`);
  record('SQL statements per list request, page_size 10 / 100', `${fmt(r.small, 1)} / ${fmt(r.large, 1)}`, null, 'not growing', r.large <= r.small + 0.5);
  const arrivalP50 = p(r.live.arrivals, 50);
  const visibleP50 = p(r.live.visible, 50);
  console.log(`Signed inbound callback to the change on each of ${STREAMS} open streams (${CALLBACKS} callbacks, ${fmt(r.live.arrivals.length)} arrivals): `
    + `p50 ${fmt(arrivalP50)} ms, p99 ${fmt(p(r.live.arrivals, 99))} ms`);
  console.log(`Signed inbound callback to the message visible (stream, then the list page read by the client): p50 ${fmt(visibleP50)} ms, `
    + `p99 ${fmt(p(r.live.visible, 99))} ms  [goal p50 <= 300 ms: ${visibleP50 <= 300 ? 'met' : 'NOT met'}]`);
  record(`Inbound callback to message visible over the stream, ${STREAMS} streams open, p50`, `${fmt(visibleP50)} ms (change on the streams: ${fmt(arrivalP50)} ms)`, null, 'p50 <= 300 ms', visibleP50 <= 300);
}
