import { expect, test, type APIRequestContext } from '@playwright/test';
import { ISO, NOT_FOUND, NOT_PROVIDED, newAccount, uniquePhone, type TestAccount } from './factories';
import { FakeCloud, sign, webhookPayload, type CloudRequest } from './fake-cloud';
import { addCloudChannel, CLOUD_APP_SECRET, uniqueId, type CloudChannel } from './cloud-channel';

// Broadcasts against the fake Cloud API: the create body and its validation, per-recipient
// variables on the wire, pacing within the channel's limit, throttling, pause, resume and cancel,
// the counters against a recount of the recipients, retry of the failed, and account isolation.

const APP_SECRET = CLOUD_APP_SECRET;
let cloud: FakeCloud;
let acme: TestAccount;
let other: TestAccount;

test.beforeAll(async ({ request }) => {
  cloud = await new FakeCloud().start();
  acme = await newAccount(request);
  other = await newAccount(request);
});
test.afterAll(async () => cloud.stop());

type Channel = CloudChannel;

const TEMPLATE = {
  id: '2001', name: 'order_ready', language: 'es_MX', status: 'APPROVED', category: 'UTILITY',
  components: [
    { type: 'BODY', text: 'Hola {{1}}, tu pedido {{2}} está listo.' },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Gracias' }] },
  ],
};

async function cloudTemplate(request: APIRequestContext, account: TestAccount, rateLimit = 80) {
  const channel: Channel = await addCloudChannel(request, account, cloud, { rate_limit: rateLimit });
  cloud.setTemplates(channel.waba, [[TEMPLATE]]);
  expect((await request.post(`/api/channels/${channel.id}/sync-templates`, { headers: account.admin.headers })).status()).toBe(200);
  const list = await (await request.get(`/api/channels/chat/template?channel=${channel.id}`, { headers: account.admin.headers })).json();
  return { channel, template: list.results[0] as { id: string } };
}

async function broadcast(request: APIRequestContext, account: TestAccount, body: object) {
  const res = await request.post('/api/broadcast', { headers: account.admin.headers, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function get(request: APIRequestContext, account: TestAccount, id: number) {
  return (await request.get(`/api/broadcast/${id}`, { headers: account.admin.headers })).json();
}

async function recipients(request: APIRequestContext, account: TestAccount, id: number, status?: string) {
  const res = await request.get(`/api/broadcast/${id}/recipients?page_size=500${status ? `&status=${status}` : ''}`, { headers: account.admin.headers });
  expect(res.status()).toBe(200);
  return (await res.json()).results as Record<string, unknown>[];
}

/** The counters, recomputed from the recipients. */
function recount(list: Record<string, unknown>[]) {
  const n = (...s: string[]) => list.filter((r) => s.includes(r.status as string)).length;
  return {
    sent: n('sent', 'delivered', 'read', 'answered'), delivered: n('delivered', 'read', 'answered'), read: n('read', 'answered'),
    answered: n('answered'), failed: n('failed'), pending: n('pending'), skipped: n('skipped'),
  };
}

const counters = (b: Record<string, unknown>) => ({
  sent: b.sent, delivered: b.delivered, read: b.read, answered: b.answered, failed: b.failed, pending: b.pending, skipped: b.skipped,
});

/** The most sends in any one-second window (sliding, by arrival at the provider). */
function busiestSecond(sends: CloudRequest[]): number {
  const at = sends.map((s) => s.at).sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < at.length; i++) {
    while (at[i] - at[j] >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

async function callback(request: APIRequestContext, channel: Channel, value: object) {
  const body = JSON.stringify(webhookPayload(channel.phoneNumberId, value));
  const res = await request.post(`/api/channels/cloud-api/webhook/${channel.id}`, {
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(APP_SECRET, body) }, data: body,
  });
  expect(res.status()).toBe(200);
}

test('creates a broadcast: the spec fields, recipients as ids, duplicates collapsed, every value on the wire in order', async ({ request }) => {
  const { channel, template } = await cloudTemplate(request, acme);
  const [a, b, c] = [uniquePhone(), uniquePhone(), uniquePhone()];
  const created = await broadcast(request, acme, {
    name: 'Pedidos listos', chat_template: template.id, contact_tags: [{ name: 'pedido' }],
    recipients: [
      { phone: a, data: ['Ana', 'A-1'] }, { phone: b, data: ['Beto', 'B-2'] }, { phone: c, data: ['Caro', 'C-3'] },
      { phone: a.replace('+52', '0052'), data: ['Otra', 'X'] }, // the same number again: the first one counts
    ],
  });
  expect(Object.keys(created).sort()).toEqual([
    'answered', 'chat_template', 'completed_on', 'contact_tags', 'created_by', 'created_on', 'delivered', 'failed', 'has_priority',
    'id', 'is_active', 'name', 'pending', 'read', 'recipients', 'retried_by', 'retry_of', 'sent', 'skipped', 'start_on', 'started_on', 'status',
    'status_reason', 'template_body', 'total',
  ].sort());
  expect(created).toMatchObject({
    name: 'Pedidos listos', created_by: acme.admin.email, is_active: true, status: 'PENDING', status_reason: '', start_on: null,
    template_body: 'Hola {{1}}, tu pedido {{2}} está listo.', created_on: expect.stringMatching(ISO), total: 3, pending: 3,
    sent: 0, delivered: 0, read: 0, answered: 0, failed: 0, skipped: 0, has_priority: false, retry_of: null, retried_by: null,
    chat_template: { id: template.id, name: 'order_ready' }, contact_tags: [expect.any(Number)],
  });
  expect(created.recipients).toHaveLength(3);
  expect(created.recipients.every((id: unknown) => Number.isInteger(id))).toBe(true);

  await expect.poll(async () => (await get(request, acme, created.id)).status, { timeout: 20_000 }).toBe('COMPLETED');
  const sends = cloud.sends(channel.phoneNumberId);
  expect(sends).toHaveLength(3);
  const wire = Object.fromEntries(sends.map((s) => {
    const body = s.body as { to: string; template: { name: string; language: { code: string }; components: { type: string; parameters: { text: string }[] }[] } };
    return [`+${body.to}`, body.template];
  }));
  expect(wire[a]).toEqual({ name: 'order_ready', language: { code: 'es_MX' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: 'A-1' }] }] });
  expect(wire[c].components[0].parameters.map((p) => p.text)).toEqual(['Caro', 'C-3']);

  const done = await get(request, acme, created.id);
  expect(done).toMatchObject({ status: 'COMPLETED', completed_on: expect.stringMatching(ISO), started_on: expect.stringMatching(ISO), sent: 3, pending: 0 });
  const list = await recipients(request, acme, created.id);
  expect(counters(done)).toEqual(recount(list));
  expect(list[0]).toMatchObject({
    phone: a, canonical_phone: a, data: ['Ana', 'A-1'], status: 'sent', reason: '', contact: expect.any(String), message: expect.any(String),
    sent_on: expect.stringMatching(ISO),
  });
  // Each recipient is a contact now, tagged with the broadcast's tags.
  const contact = await (await request.get(`/api/contact/${list[0].contact}`, { headers: acme.admin.headers })).json();
  expect(contact.tags.map((t: { name: string }) => t.name)).toContain('pedido');
});

test('validation names recipients by index and checks the template before anything is stored', async ({ request }) => {
  const { template } = await cloudTemplate(request, acme);
  const bad = await request.post('/api/broadcast', {
    headers: acme.admin.headers,
    data: {
      name: 'x'.repeat(101), chat_template: template.id,
      recipients: [{ phone: uniquePhone(), data: ['Ana', 'A-1'] }, { phone: 'nope', data: ['Beto', 'B'] }, { phone: uniquePhone(), data: ['Caro'] },
        { phone: uniquePhone(), data: ['Dora', ' '] }, { data: [] }],
    },
  });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ name: ['Ensure this field has no more than 100 characters.'] });
  const items = await request.post('/api/broadcast', {
    headers: acme.admin.headers,
    data: {
      name: 'Válido', chat_template: template.id,
      recipients: [{ phone: uniquePhone(), data: ['Ana', 'A-1'] }, { phone: 'nope', data: ['Beto', 'B'] }, { phone: uniquePhone(), data: ['Caro'] },
        { phone: uniquePhone(), data: ['Dora', ' '] }, { data: [] }],
    },
  });
  expect(items.status()).toBe(400);
  expect(await items.json()).toEqual({ recipients: {
    1: { phone: ['Enter a valid phone number.'] },
    2: { data: ['Expected 2 values, got 1.'] },
    3: { data: ['Expected 2 values, got 1: values may not be blank.'] },
    4: { phone: ['This field is required.'] },
  } });
  const required = await request.post('/api/broadcast', { headers: acme.admin.headers, data: {} });
  expect(await required.json()).toEqual({ name: ['This field is required.'], recipients: ['This field is required.'], chat_template: ['This field is required.'] });
  const empty = await request.post('/api/broadcast', { headers: acme.admin.headers, data: { name: 'n', chat_template: template.id, recipients: [] } });
  expect(await empty.json()).toEqual({ recipients: ['A broadcast needs at least one recipient.'] });
  const { template: foreign } = await cloudTemplate(request, other);
  const notMine = await request.post('/api/broadcast', { headers: acme.admin.headers, data: { name: 'n', chat_template: foreign.id, recipients: [{ phone: uniquePhone(), data: ['a', 'b'] }] } });
  expect(await notMine.json()).toEqual({ chat_template: [`Invalid pk "${foreign.id}" - object does not exist.`] });
  // A year before 1000 is a typo in a schedule (0026 for 2026), refused rather than started at once.
  for (const startOn of ['0001-01-01T00:00:00Z', '0026-11-28T10:00:00Z']) {
    const early = await request.post('/api/broadcast', {
      headers: acme.admin.headers, data: { name: 'Válido', chat_template: template.id, start_on: startOn, recipients: [{ phone: uniquePhone(), data: ['a', 'b'] }] },
    });
    expect(early.status(), startOn).toBe(400);
    expect(await early.json()).toEqual({ start_on: ['Enter a date and time in the years 1000 to 9999 (ISO 8601).'] });
  }
  const listed = await (await request.get('/api/broadcast?search=V%C3%A1lido', { headers: acme.admin.headers })).json();
  expect(listed.count).toBe(0); // nothing was stored
});

test('the pace never exceeds the channel limit in any one-second window, and throttling loses nobody', async ({ request }) => {
  const { channel, template } = await cloudTemplate(request, acme, 5);
  // The first two sends are throttled: the channel pauses, and they go again later.
  cloud.onSend(channel.phoneNumberId, (n) => (n <= 2 ? { status: 429, json: { error: { message: '(#130429) Rate limit hit', code: 130429 } } } : undefined));
  const people = Array.from({ length: 16 }, () => uniquePhone());
  const created = await broadcast(request, acme, { name: 'Paced', chat_template: template.id, recipients: people.map((phone, i) => ({ phone, data: [`N${i}`, `P${i}`] })) });
  await expect.poll(async () => (await get(request, acme, created.id)).status, { timeout: 40_000 }).toBe('COMPLETED');
  const sends = cloud.sends(channel.phoneNumberId);
  expect(sends).toHaveLength(18);
  expect(busiestSecond(sends)).toBeLessThanOrEqual(5);
  const delivered = new Set(sends.slice(2).map((s) => (s.body as { to: string }).to));
  expect(delivered.size).toBe(16);
  const done = await get(request, acme, created.id);
  expect(done).toMatchObject({ sent: 16, failed: 0, pending: 0 });
});

test('delivery statuses and replies move the counters, which always equal a recount', async ({ request }) => {
  const { channel, template } = await cloudTemplate(request, acme);
  const people = [uniquePhone(), uniquePhone(), uniquePhone()];
  cloud.onSend(channel.phoneNumberId, (_n, body) => ((body as { to: string }).to === people[2].slice(1)
    ? { status: 400, json: { error: { message: '(#131026) Message undeliverable', code: 131026 } } } : undefined));
  const created = await broadcast(request, acme, { name: 'Funnel', chat_template: template.id, recipients: people.map((phone) => ({ phone, data: ['a', 'b'] })) });
  await expect.poll(async () => (await get(request, acme, created.id)).status, { timeout: 20_000 }).toBe('COMPLETED');
  const list = await recipients(request, acme, created.id);
  const messages = await Promise.all(list.slice(0, 2).map(async (r) => {
    const m = await (await request.get(`/api/inbox/conversation?contact=${r.contact}`, { headers: acme.admin.headers })).json();
    const thread = await (await request.get(`/api/inbox/conversation/${m.results[0].id}/messages`, { headers: acme.admin.headers })).json();
    return thread.results[0] as { provider_id: string };
  }));
  const ts = String(Math.floor(Date.now() / 1000));
  await callback(request, channel, { statuses: [
    { id: messages[0].provider_id, status: 'delivered', timestamp: ts, recipient_id: people[0].slice(1) },
    { id: messages[0].provider_id, status: 'read', timestamp: ts, recipient_id: people[0].slice(1) },
    { id: messages[1].provider_id, status: 'delivered', timestamp: ts, recipient_id: people[1].slice(1) },
    { id: messages[1].provider_id, status: 'sent', timestamp: ts, recipient_id: people[1].slice(1) }, // late: never moves back
  ] });
  await callback(request, channel, {
    contacts: [{ wa_id: people[0].slice(1), profile: { name: 'Ana' } }],
    messages: [{ from: people[0].slice(1), id: uniqueId('wamid.IN'), timestamp: String(Number(ts) + 1), type: 'text', text: { body: '¡Gracias!' } }],
  });
  const done = await get(request, acme, created.id);
  expect(counters(done)).toEqual({ sent: 2, delivered: 2, read: 1, answered: 1, failed: 1, pending: 0, skipped: 0 });
  const after = await recipients(request, acme, created.id);
  expect(counters(done)).toEqual(recount(after));
  expect(after[2]).toMatchObject({ status: 'failed', reason: '(#131026) Message undeliverable', failed_on: expect.stringMatching(ISO) });
  expect(after[0]).toMatchObject({ status: 'answered', answered_on: expect.stringMatching(ISO), read_on: expect.stringMatching(ISO) });
  expect((await recipients(request, acme, created.id, 'failed')).map((r) => r.phone)).toEqual([people[2]]);
  // Several statuses at once: those the "sent" counter counts.
  expect((await recipients(request, acme, created.id, 'sent,delivered,read,answered')).length).toBe(done.sent);

  // Retry the failed: a new broadcast linked to this one, with that recipient and its values.
  // Once only, even asked twice at once: a second retry would send to the same people again.
  cloud.onSend(channel.phoneNumberId, () => undefined);
  const both = await Promise.all([1, 2].map(() => request.post(`/api/broadcast/${created.id}/retry-failed`, { headers: acme.admin.headers })));
  expect(both.map((r) => r.status()).sort()).toEqual([201, 400]);
  const [retry, refused] = both[0].status() === 201 ? both : [both[1], both[0]];
  const again = await retry.json();
  expect(again).toMatchObject({ name: 'Funnel (retry)', retry_of: created.id, retried_by: null, total: 1 });
  expect(await get(request, acme, created.id)).toMatchObject({ retried_by: again.id });
  expect(await refused.json()).toEqual({
    non_field_errors: [`The failed recipients were already retried, as broadcast #${again.id}: retry that broadcast's failures instead.`],
  });
  await expect.poll(async () => (await get(request, acme, again.id)).sent, { timeout: 20_000 }).toBe(1);
  const none = await request.post(`/api/broadcast/${again.id}/retry-failed`, { headers: acme.admin.headers });
  expect(await none.json()).toEqual({ non_field_errors: ['This broadcast has no failed recipients.'] });

  const csv = await request.get(`/api/broadcast/${created.id}/recipients/export`, { headers: acme.admin.headers });
  expect(csv.headers()['content-type']).toContain('text/csv');
  const raw = await csv.body();
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // a BOM: spreadsheets then read UTF-8
  const lines = raw.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('phone,canonical_phone,status,reason,contact,message,sent_on,delivered_on,read_on,answered_on,failed_on,variable_1,variable_2');
  expect(lines).toHaveLength(4);
});

test('pause holds the sending, resume finishes it, cancel stops it for good', async ({ request }) => {
  const { channel, template } = await cloudTemplate(request, acme, 2);
  const created = await broadcast(request, acme, { name: 'Slow', chat_template: template.id, recipients: Array.from({ length: 12 }, () => ({ phone: uniquePhone(), data: ['a', 'b'] })) });
  await expect.poll(() => cloud.sends(channel.phoneNumberId).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  const paused = await request.post(`/api/broadcast/${created.id}/pause`, { headers: acme.admin.headers });
  expect(paused.status()).toBe(200);
  expect((await paused.json()).status).toBe('PAUSED');
  await new Promise((r) => setTimeout(r, 1500)); // sends already under way finish
  const atPause = cloud.sends(channel.phoneNumberId).length;
  await new Promise((r) => setTimeout(r, 2500));
  expect(cloud.sends(channel.phoneNumberId).length).toBe(atPause);
  expect((await request.post(`/api/broadcast/${created.id}/resume`, { headers: acme.admin.headers }).then((r) => r.json())).status).toBe('RUNNING');
  await expect.poll(() => cloud.sends(channel.phoneNumberId).length, { timeout: 20_000 }).toBeGreaterThan(atPause);
  const canceled = await (await request.post(`/api/broadcast/${created.id}/cancel`, { headers: acme.admin.headers })).json();
  expect(canceled.status).toBe('CANCELED');
  await new Promise((r) => setTimeout(r, 1500));
  const atCancel = cloud.sends(channel.phoneNumberId).length;
  await new Promise((r) => setTimeout(r, 2500));
  expect(cloud.sends(channel.phoneNumberId).length).toBe(atCancel);
  expect(atCancel).toBeLessThan(12);
  const done = await get(request, acme, created.id);
  const list = await recipients(request, acme, created.id);
  expect(counters(done)).toEqual(recount(list));
  expect(done.skipped).toBe(12 - atCancel);
  expect(list.filter((r) => r.status === 'skipped').every((r) => r.reason === 'The broadcast was canceled.')).toBe(true);
  const refused = await request.post(`/api/broadcast/${created.id}/resume`, { headers: acme.admin.headers });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ non_field_errors: ['A canceled broadcast cannot be resumed.'] });
});

test('a broadcast queues only a few seconds ahead of its pace: a cancel leaves the rest untouched, no contact made for them', async ({ request }) => {
  const { channel, template } = await cloudTemplate(request, acme, 2); // 2 a second: chunks of 20, at most 40 queued ahead
  const created = await broadcast(request, acme, { name: 'Paced', chat_template: template.id, recipients: Array.from({ length: 100 }, () => ({ phone: uniquePhone(), data: ['a', 'b'] })) });
  await expect.poll(() => cloud.sends(channel.phoneNumberId).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await new Promise((r) => setTimeout(r, 3000));
  const reached = (list: Record<string, unknown>[]) => list.filter((r) => r.contact !== null).length;
  const sentSoFar = cloud.sends(channel.phoneNumberId).length;
  expect(reached(await recipients(request, acme, created.id))).toBeLessThanOrEqual(40 + sentSoFar);
  const canceled = await (await request.post(`/api/broadcast/${created.id}/cancel`, { headers: acme.admin.headers })).json();
  expect(canceled).toMatchObject({ status: 'CANCELED', status_reason: 'The broadcast was canceled.' });
  await new Promise((r) => setTimeout(r, 1500));
  const list = await recipients(request, acme, created.id);
  const atCancel = cloud.sends(channel.phoneNumberId).length;
  expect(reached(list)).toBeLessThanOrEqual(40 + atCancel);
  expect(list.filter((r) => r.status === 'skipped').length).toBeGreaterThanOrEqual(100 - 40 - atCancel);
  expect(counters(await get(request, acme, created.id))).toEqual(recount(list));
});

test('a channel switched off mid-way sends nothing more: what was not sent fails with the reason', async ({ request }) => {
  const { channel, template } = await cloudTemplate(request, acme, 2);
  const created = await broadcast(request, acme, { name: 'Off', chat_template: template.id, recipients: Array.from({ length: 12 }, () => ({ phone: uniquePhone(), data: ['a', 'b'] })) });
  await expect.poll(() => cloud.sends(channel.phoneNumberId).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  const off = await request.patch(`/api/channels/${channel.id}`, { headers: acme.admin.headers, data: { status: 'INACTIVE' } });
  expect(off.status(), await off.text()).toBe(200);
  await new Promise((r) => setTimeout(r, 1500)); // sends already under way finish
  const atOff = cloud.sends(channel.phoneNumberId).length;
  await new Promise((r) => setTimeout(r, 2500));
  expect(cloud.sends(channel.phoneNumberId).length).toBe(atOff);
  expect(atOff).toBeLessThan(12);
  await expect.poll(async () => (await get(request, acme, created.id)).pending, { timeout: 20_000 }).toBe(0);
  const done = await get(request, acme, created.id);
  const list = await recipients(request, acme, created.id);
  expect(counters(done)).toEqual(recount(list));
  expect(done.sent).toBe(atOff);
  const reasons = new Set(list.filter((r) => r.status !== 'sent').map((r) => r.reason));
  expect([...reasons].every((r) => /channel (is|was) switched off/.test(String(r))), [...reasons].join(' | ')).toBe(true);
  // Retrying the failed ones while the channel is off: the request names no template, so the reason is a non-field error.
  const retry = await request.post(`/api/broadcast/${created.id}/retry-failed`, { headers: acme.admin.headers });
  expect([retry.status(), await retry.json()]).toEqual([400, { non_field_errors: ['The template\'s channel is switched off.'] }]);
});

test('a deleted contact is skipped, even by a broadcast with priority, and stays deleted', async ({ request }) => {
  const { template } = await cloudTemplate(request, acme);
  const gone = uniquePhone();
  const contact = await (await request.post('/api/contact', { headers: acme.admin.headers, data: { phone: gone } })).json();
  expect((await request.delete(`/api/contact/${contact.id}`, { headers: acme.admin.headers })).status()).toBe(204);
  const free = uniquePhone();
  const sent = await broadcast(request, acme, { name: 'Forgotten', chat_template: template.id, has_priority: true, recipients: [{ phone: gone, data: ['a', 'b'] }, { phone: free, data: ['c', 'd'] }] });
  await expect.poll(async () => (await get(request, acme, sent.id)).status, { timeout: 20_000 }).toBe('COMPLETED');
  const list = await recipients(request, acme, sent.id);
  expect(list.map((r) => [r.phone, r.status, r.reason])).toEqual([[gone, 'skipped', 'The contact is deleted.'], [free, 'sent', '']]);
  expect(list[0].contact).toBe(contact.id);
  expect((await (await request.get(`/api/contact/${contact.id}`, { headers: acme.admin.headers })).json()).is_deleted).toBe(true);
});

test('without priority, a contact with an agent is skipped with the reason; with priority, reached anyway', async ({ request }) => {
  const { template } = await cloudTemplate(request, acme);
  const busy = uniquePhone();
  await request.post('/api/channels/sandbox/inbound', { headers: acme.admin.headers, data: { phone: busy, type: 'text', text: 'Hola' } });
  const free = uniquePhone();
  const quiet = await broadcast(request, acme, { name: 'Quiet', chat_template: template.id, recipients: [{ phone: busy, data: ['a', 'b'] }, { phone: free, data: ['c', 'd'] }] });
  await expect.poll(async () => (await get(request, acme, quiet.id)).status, { timeout: 20_000 }).toBe('COMPLETED');
  const list = await recipients(request, acme, quiet.id);
  expect(list.map((r) => [r.phone, r.status, r.reason])).toEqual([[busy, 'skipped', 'In an open conversation with an agent.'], [free, 'sent', '']]);
  // Passed over, the recipient still links to its contact.
  const busyContact = (await (await request.get(`/api/contact?search=${busy.slice(-8)}`, { headers: acme.admin.headers })).json()).results[0];
  expect(list[0].contact).toBe(busyContact.id);
  const loud = await broadcast(request, acme, { name: 'Loud', chat_template: template.id, has_priority: true, recipients: [{ phone: busy, data: ['a', 'b'] }] });
  await expect.poll(async () => (await get(request, acme, loud.id)).sent, { timeout: 20_000 }).toBe(1);
});

test('a broadcast whose template was deleted before its start fails with the reason', async ({ request }) => {
  const { channel, template } = await cloudTemplate(request, acme);
  const startOn = new Date(Date.now() + 3000).toISOString();
  const created = await broadcast(request, acme, { name: 'Later', chat_template: template.id, start_on: startOn, recipients: [{ phone: uniquePhone(), data: ['a', 'b'] }] });
  expect(created).toMatchObject({ status: 'PENDING', start_on: startOn });
  // Not finished: more recipients may fail, so a retry (once only) would come too early.
  const early = await request.post(`/api/broadcast/${created.id}/retry-failed`, { headers: acme.admin.headers });
  expect(early.status()).toBe(400);
  expect(await early.json()).toEqual({
    non_field_errors: ['Retry the failed recipients once the broadcast has finished: it is PENDING, and more of them may still fail.'],
  });
  cloud.setTemplates(channel.waba, [[]]); // the provider no longer lists it: deleted here too
  await request.post(`/api/channels/${channel.id}/sync-templates`, { headers: acme.admin.headers });
  await expect.poll(async () => (await get(request, acme, created.id)).status, { timeout: 20_000 }).toBe('FAILED');
  expect(await get(request, acme, created.id)).toMatchObject({ status_reason: 'The template was deleted.', sent: 0 });
  expect(cloud.sends(channel.phoneNumberId)).toHaveLength(0);
  // No recipient stays pending: each is skipped with the reason.
  expect(await get(request, acme, created.id)).toMatchObject({ pending: 0, skipped: 1, failed: 0 });
  expect((await recipients(request, acme, created.id)).map((r) => [r.status, r.reason])).toEqual([['skipped', 'The template was deleted.']]);
});

test('a template made again under its name with other variables fails the broadcast rather than send a placeholder', async ({ request }) => {
  const { channel, template } = await cloudTemplate(request, acme);
  const created = await broadcast(request, acme, {
    name: 'Changed', chat_template: template.id, start_on: new Date(Date.now() + 3000).toISOString(), recipients: [{ phone: uniquePhone(), data: ['a', 'b'] }],
  });
  // Deleted and made again at the provider under the same name, now with three variables: the same template here.
  cloud.setTemplates(channel.waba, [[{ ...TEMPLATE, components: [{ type: 'BODY', text: 'Hola {{1}}, {{2}} y {{3}}.' }] }]]);
  await request.post(`/api/channels/${channel.id}/sync-templates`, { headers: acme.admin.headers });
  const list = await (await request.get(`/api/channels/chat/template?channel=${channel.id}`, { headers: acme.admin.headers })).json();
  expect(list.results.map((t: { id: string; variable_count: number }) => [t.id, t.variable_count])).toEqual([[template.id, 3]]);
  await expect.poll(async () => (await get(request, acme, created.id)).status, { timeout: 20_000 }).toBe('FAILED');
  const reason = 'The template changed: it now takes 3 values, and each recipient has 2.';
  expect(await get(request, acme, created.id)).toMatchObject({ status_reason: reason, sent: 0, pending: 0, skipped: 1 });
  expect((await recipients(request, acme, created.id)).map((r) => [r.status, r.reason])).toEqual([['skipped', reason]]);
  expect(cloud.sends(channel.phoneNumberId)).toHaveLength(0);
});

test('lists newest first with search; another account gets 404 everywhere; no credentials is a 401', async ({ request }) => {
  const { template } = await cloudTemplate(request, acme);
  const first = await broadcast(request, acme, { name: 'Alpha list', chat_template: template.id, recipients: [{ phone: uniquePhone(), data: ['a', 'b'] }] });
  const second = await broadcast(request, acme, { name: 'Beta list', chat_template: template.id, recipients: [{ phone: uniquePhone(), data: ['a', 'b'] }] });
  const page = await (await request.get('/api/broadcast?search=list&page_size=2', { headers: acme.admin.headers })).json();
  expect(page.results.map((b: { id: number }) => b.id)).toEqual([second.id, first.id]);
  expect((await (await request.get('/api/broadcast?search=alpha', { headers: acme.admin.headers })).json()).results.map((b: { id: number }) => b.id)).toEqual([first.id]);
  expect((await (await request.get('/api/broadcast?include_recipients=false', { headers: acme.admin.headers })).json()).results[0].recipients).toBeUndefined();
  const detail = async (qs: string) => (await request.get(`/api/broadcast/${first.id}${qs}`, { headers: acme.admin.headers })).json();
  expect((await detail('')).recipients).toHaveLength(1);
  expect(await detail('?include_recipients=false')).toMatchObject({ id: first.id, total: 1 });
  expect((await detail('?include_recipients=false')).recipients).toBeUndefined();
  // Left empty, the flag takes its default: the recipients are included.
  expect((await detail('?include_recipients=')).recipients).toHaveLength(1);
  // Recipients are searched by their number: letters match none, digits in any spelling match.
  const found = async (q: string) => (await (await request.get(`/api/broadcast/${first.id}/recipients?search=${encodeURIComponent(q)}`, { headers: acme.admin.headers })).json()).count;
  const theirs = (await detail('')).recipients[0];
  const number = (await (await request.get(`/api/broadcast/${first.id}/recipients`, { headers: acme.admin.headers })).json()).results[0].phone as string;
  expect(theirs).toBeDefined();
  expect(await found('abc')).toBe(0);
  // A filter refused in the words of every list filter; left empty it filters nothing.
  const badFilter = await request.get('/api/broadcast?status=foo', { headers: acme.admin.headers });
  expect(badFilter.status()).toBe(400);
  expect(await badFilter.json()).toEqual({ status: ['Select a valid choice. foo is not one of the available choices.'] });
  expect((await request.get('/api/broadcast?status=', { headers: acme.admin.headers })).status()).toBe(200);
  expect(await found(number.slice(-6, -3) + ' ' + number.slice(-3))).toBe(1);
  for (const [method, path] of [
    ['get', `/api/broadcast/${first.id}`], ['get', `/api/broadcast/${first.id}/recipients`], ['get', `/api/broadcast/${first.id}/recipients/export`],
    ['post', `/api/broadcast/${first.id}/pause`], ['post', `/api/broadcast/${first.id}/resume`], ['post', `/api/broadcast/${first.id}/cancel`],
    ['post', `/api/broadcast/${first.id}/retry-failed`],
  ] as const) {
    const foreign = await request[method](path, { headers: other.admin.headers });
    expect(foreign.status(), path).toBe(404);
    expect(await foreign.json()).toEqual(NOT_FOUND);
    const anonymous = await request[method](path);
    expect(anonymous.status(), path).toBe(401);
    expect(await anonymous.json()).toEqual(NOT_PROVIDED);
  }
  expect((await request.get('/api/broadcast')).status()).toBe(401);
  expect((await request.post('/api/broadcast', { data: {} })).status()).toBe(401);
  expect((await (await request.get('/api/broadcast', { headers: other.admin.headers })).json()).results.map((b: { id: number }) => b.id)).not.toContain(first.id);
  expect((await request.get('/api/broadcast/99999999', { headers: acme.admin.headers })).status()).toBe(404);
  expect((await request.get('/api/broadcast/abc', { headers: acme.admin.headers })).status()).toBe(404);
});
