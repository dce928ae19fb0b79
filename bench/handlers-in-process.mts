// npm run bench:handlers — what the API's own code costs per request, without HTTP or Next.js: the
// services behind the floor route (app/api/test/bare), a contact list page, a template send's
// acceptance and an inbound message, each called by 32 concurrent callers (BENCH_CALLERS: fewer
// callers make smaller write batches) in this process against a scratch database of the local
// Postgres (20,000 contacts); then template sends accepted and sent by this process's workers to a
// fake Cloud API answering in 5 ms (in a process of its own). Prints operations/s, this process's
// CPU per operation and Postgres's (all its processes, from /proc). Set beside `npm run bench`'s
// CPU per HTTP request, the difference is what the HTTP server and Next.js add.
import { spawn } from 'node:child_process';
import { postgresCpuSeconds, scratchDatabase } from './lib';

const CALLERS = Number(process.env.BENCH_CALLERS || 32);
const PER_CALLER = Number(process.env.BENCH_PER_CALLER || 100);
const scratch = await scratchDatabase('engage_bench_handlers');
process.env.DATABASE_URL = scratch.url;
process.env.WORKERS_IN_WEB = 'false'; // acceptance only: the sends stay queued
process.env.CHANNEL_SECRET_KEY ??= 'bench';
process.env.CHANNEL_ALLOW_PRIVATE_BASE_URLS ??= '127.0.0.1'; // the fake Cloud API is local

const { closeDatabase, execRows, getDb } = await import('@/db');
const { sql } = await import('drizzle-orm');
const { queue, stopQueue } = await import('@/lib/jobs/queue');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { bareSelect } = await import('@/lib/test-support/bare-select');
const { addToContactCount } = await import('@/lib/contacts/counter');
const { listContacts } = await import('@/lib/contacts/list');
const { pageRequest } = await import('@/lib/api/pagination');
const { createCloudChannel } = await import('@/lib/channels/service');
const { channelCreateSchema } = await import('@/lib/channels/validation');
const { saveTemplate } = await import('@/lib/templates/service');
const { templateCreateSchema, templateSendSchema } = await import('@/lib/templates/validation');
const { sendTemplateMessage } = await import('@/lib/messages/send-template');
const { processWebhook } = await import('@/lib/messages/inbound');
const { startWorkers } = await import('@/lib/jobs/workers');
const { TOKEN, webhookPayload } = await import('../e2e/api/fake-cloud');

const db = await getDb();
await queue(); // sends and events enqueue jobs in their transactions
const seeded = await seedTestAccount(db, { country: 'MX' });
const accountId = seeded.account_id;
const member = { userId: seeded.admin.id, accountId, role: 'ADMIN' as const, via: 'key' as const };
await db.execute(sql`
  insert into contacts (account_id, phone, canonical_phone, first_name, search_text, created_on)
  select ${accountId}, '+5255' || n, '+5255' || n, 'Bench ' || n, '5255' || n || ' bench', now() - n * interval '1 second'
  from generate_series(10000000, 10019999) as n`);
await addToContactCount(db, accountId, 20_000);
await db.execute(sql`analyze contacts`);
const PHONE_NUMBER_ID = '100200300';
const channel = await createCloudChannel(db, accountId, channelCreateSchema.parse({
  name: 'Bench', phone_number_id: PHONE_NUMBER_ID, business_account_id: 'WABA', access_token: 'token', app_secret: 'secret',
  verify_token: 'verify', base_url: 'http://127.0.0.1:9', rate_limit: 1000,
}));
const HELLO = templateCreateSchema.parse({
  name: 'bench_hello', language: 'en', category: 'UTILITY', status: 'approved',
  components: [{ type: 'BODY', text: 'Hello {{1}}, your order {{2}} is ready.' }],
});
const template = await saveTemplate(db, accountId, channel.id, HELLO);

let n = 0;
/** `numbers`: where the recipients' numbers start (5,000 of them, in turn). */
function sendTemplate(templateId: string, numbers = 20_000_000) {
  n += 1;
  const body = JSON.parse(JSON.stringify({ phone: `+5255${numbers + (n % 5000)}`, variables: ['Ana', `#${n}`] }));
  return sendTemplateMessage(db, member, templateId, templateSendSchema.parse(body));
}
const listUrl = new URL('http://bench/api/contact?page_size=20');
// Request bodies are parsed from JSON text, as a route handler receives them.
const operations: Record<string, () => Promise<unknown>> = {
  'floor (one 20-row SELECT)': () => bareSelect(db),
  'contact list page of 20': () => listContacts(db, accountId, listUrl, pageRequest(listUrl), {}),
  'template send accepted': () => sendTemplate(template.id),
  'inbound text message': () => {
    n += 1;
    const from = `52155${30_000_000 + (n % 2000)}`;
    return processWebhook(db, channel, JSON.parse(JSON.stringify(webhookPayload(PHONE_NUMBER_ID, {
      contacts: [{ profile: { name: `Caller ${n % 2000}` }, wa_id: from }],
      messages: [{ from, id: `wamid.BENCH${n}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: `hi ${n}` } }],
    }))));
  },
};

async function callers(operation: () => Promise<unknown>, perCaller: number) {
  await Promise.all(Array.from({ length: CALLERS }, async () => {
    for (let i = 0; i < perCaller; i++) await operation();
  }));
}

/** Runs `run(perCaller)` once to warm up (20 per caller), then times it and prints the figures. */
async function measure(label: string, run: (perCaller: number) => Promise<void>) {
  await run(20);
  const pg0 = postgresCpuSeconds();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run(PER_CALLER);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const pg = postgresCpuSeconds() - pg0;
  const ops = CALLERS * PER_CALLER;
  console.log(`  ${label.padEnd(32)} ${(ops / seconds).toFixed(0).padStart(6)} ops/s   this process ${((cpu.user + cpu.system) / 1000 / ops).toFixed(3)} ms/op   Postgres ${(pg * 1000 / ops).toFixed(3)} ms/op`);
}

console.log(`In-process, ${CALLERS} concurrent callers, ${CALLERS * PER_CALLER} operations each (after ${CALLERS * 20} to warm up):`);
for (const [label, operation] of Object.entries(operations)) await measure(label, (perCaller) => callers(operation, perCaller));

// Accepted and sent: this process's workers send to the fake Cloud API as the sends arrive.
const cloudProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/fake-cloud-process.mts', '200300400'], { stdio: ['ignore', 'pipe', 'inherit'] });
const cloudUrl = await new Promise<string>((resolve) => cloudProcess.stdout!.once('data', (d) => resolve(String(d).split('\n')[0].trim())));
const sendingChannel = await createCloudChannel(db, accountId, channelCreateSchema.parse({
  name: 'Bench sending', phone_number_id: '200300400', business_account_id: 'WABA2', access_token: TOKEN, app_secret: 'secret',
  verify_token: 'verify', base_url: cloudUrl, rate_limit: 1000,
}));
const sendingTemplate = await saveTemplate(db, accountId, sendingChannel.id, HELLO);
// The sends accepted above are never sent (their channel points nowhere): their jobs go, so that
// the workers started here work only this phase's sends.
await db.execute(sql`delete from pgboss.job where name = 'message-send'`);
process.env.WORKER_QUEUES = 'message-send';
await startWorkers();
const unsent = async () => Number((await execRows<{ n: number }>(db, sql`
  select count(*)::int as n from messages where channel_id = ${sendingChannel.id} and status = 'queued'`))[0].n);
await measure('template send accepted and sent', async (perCaller) => {
  // Recipients of their own: a contact's conversation sends its messages in order, and the messages
  // queued above to the same contacts are never sent, so they would hold these back for ever.
  await callers(() => sendTemplate(sendingTemplate.id, 40_000_000), perCaller);
  while (await unsent() > 0) await new Promise((r) => setTimeout(r, 20));
});
cloudProcess.kill();

await stopQueue();
await closeDatabase();
await scratch.drop();
process.exit(0);
