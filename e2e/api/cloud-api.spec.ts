import http from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { NOT_FOUND, newAccount, uniquePhone, type TestAccount } from './factories';
import { FakeCloud, sign, TOKEN, webhookPayload } from './fake-cloud';
import { addCloudChannel, CLOUD_APP_SECRET, CLOUD_VERIFY_TOKEN, uniqueId, type CloudChannel } from './cloud-channel';

// The cloud_api provider against a fake Cloud API on loopback: wire format of sends, signed
// callbacks, duplicates and out-of-order statuses, throttling retries, permanent errors, template
// sync with paging, the verification handshake and the credential check.

const APP_SECRET = CLOUD_APP_SECRET;
const VERIFY_TOKEN = CLOUD_VERIFY_TOKEN;
let cloud: FakeCloud;
let acme: TestAccount;

test.beforeAll(async ({ request }) => {
  cloud = await new FakeCloud().start();
  acme = await newAccount(request);
});
test.afterAll(async () => cloud.stop());

type Channel = CloudChannel;

const addChannel = (request: APIRequestContext, account: TestAccount) => addCloudChannel(request, account, cloud);

async function channelOf(request: APIRequestContext, account: TestAccount, id: number) {
  const res = await request.get(`/api/channels/${id}`, { headers: account.admin.headers });
  expect(res.status()).toBe(200);
  return res.json() as Promise<{ status: string; templates_synced_on: string | null }>;
}

async function templatesOf(request: APIRequestContext, account: TestAccount, channelId: number) {
  const list = await (await request.get(`/api/channels/chat/template?channel=${channelId}&ordering=name`, { headers: account.admin.headers })).json();
  return list.results as { name: string; status: string }[];
}

const TEMPLATE = {
  id: '1001', name: 'shipping_notice', language: 'en_US', status: 'APPROVED', category: 'UTILITY',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' },
    { type: 'BODY', text: 'Hi {{1}}, your parcel arrives on {{2}}.' },
    { type: 'FOOTER', text: 'Thanks' },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'OK' }, { type: 'URL', text: 'Track', url: 'https://t.example/{{1}}' }] },
  ],
};

async function syncedTemplate(request: APIRequestContext, account: TestAccount, channel: Channel, pages: object[][] = [[TEMPLATE]]) {
  cloud.setTemplates(channel.waba, pages);
  const res = await request.post(`/api/channels/${channel.id}/sync-templates`, { headers: account.admin.headers });
  expect(res.status(), await res.text()).toBe(200);
  const list = await (await request.get(`/api/channels/chat/template?channel=${channel.id}&ordering=name`, { headers: account.admin.headers })).json();
  return list.results as { id: string; name: string; status: string; is_deleted: boolean; components: unknown }[];
}

async function messagesOf(request: APIRequestContext, account: TestAccount, conversation: string) {
  const res = await request.get(`/api/inbox/conversation/${conversation}/messages?page_size=100`, { headers: account.admin.headers });
  expect(res.status()).toBe(200);
  return (await res.json()).results as Record<string, unknown>[];
}

async function sendTemplate(request: APIRequestContext, account: TestAccount, templateId: string, phone: string) {
  const res = await request.post(`/api/channels/chat/template/${templateId}/send`, {
    headers: account.admin.headers, data: { phone, variables: ['A-17', 'Ana', 'Friday', 'A17'] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json() as Promise<{ id: string; conversation: string }>;
}

async function postCallback(request: APIRequestContext, channel: Channel, payload: object, secret = APP_SECRET) {
  const body = JSON.stringify(payload);
  return request.post(`/api/channels/cloud-api/webhook/${channel.id}`, {
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(secret, body) }, data: body,
  });
}

test('template sync follows paging and marks templates the provider dropped as deleted', async ({ request }) => {
  const channel = await addChannel(request, acme);
  const rejected = { id: '1002', name: 'promo_rejected', language: 'es', status: 'REJECTED', category: 'MARKETING', components: [{ type: 'BODY', text: 'Promo' }], rejected_reason: 'INVALID_FORMAT' };
  const before = cloud.requests.length; // the channel's first sync, when it was added, is not this one
  const templates = await syncedTemplate(request, acme, channel, [[TEMPLATE], [rejected]]);
  const fetches = cloud.requests.slice(before).filter((r) => r.path === `/v21.0/${channel.waba}/message_templates`);
  expect(fetches).toHaveLength(2);
  expect(fetches[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(templates.map((t) => [t.name, t.status, t.is_deleted])).toEqual([['promo_rejected', 'rejected', false], ['shipping_notice', 'approved', false]]);
  expect(templates[1]).toMatchObject({ components: TEMPLATE.components, variable_count: 4, category: 'UTILITY', language: 'en_US' });
  expect(templates[0]).toMatchObject({ rejected_reason: 'INVALID_FORMAT' });
  // A rejected template is not sendable: 404.
  const refused = await request.post(`/api/channels/chat/template/${templates[0].id}/send`, { headers: acme.admin.headers, data: { phone: uniquePhone() } });
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toEqual(NOT_FOUND);

  const again = await syncedTemplate(request, acme, channel, [[TEMPLATE]]);
  expect(again.map((t) => [t.name, t.status, t.is_deleted])).toEqual([['promo_rejected', 'deleted', true], ['shipping_notice', 'approved', false]]);
  expect(again.find((t) => t.name === 'shipping_notice')!.id).toBe(templates[1].id);
});

test('a channel just added lists its templates at once, and again when its credentials change', async ({ request }) => {
  const phoneNumberId = uniqueId('PN');
  const waba = uniqueId('WABA');
  cloud.setTemplates(waba, [[TEMPLATE]]);
  const res = await request.post('/api/channels', {
    headers: acme.admin.headers,
    data: {
      name: 'Cloud', phone_number_id: phoneNumberId, business_account_id: waba, access_token: 'EAAG-wrong-token-000000',
      app_secret: APP_SECRET, verify_token: VERIFY_TOKEN, base_url: cloud.baseUrl, api_version: 'v21.0',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = await res.json();
  const fetches = () => cloud.requests.filter((r) => r.path === `/v21.0/${waba}/message_templates`);
  // Synced at once, without sync-templates: here with a token the provider refuses, so nothing is listed.
  await expect.poll(() => fetches().length).toBe(1);
  expect(fetches()[0].headers.authorization).toBe('Bearer EAAG-wrong-token-000000');
  expect((await channelOf(request, acme, id)).templates_synced_on).toBeNull();
  expect(await templatesOf(request, acme, id)).toEqual([]);

  // Credentials that work: synced again at once, and the templates are there.
  const patched = await request.patch(`/api/channels/${id}`, { headers: acme.admin.headers, data: { access_token: TOKEN } });
  expect(patched.status(), await patched.text()).toBe(200);
  await expect.poll(async () => (await templatesOf(request, acme, id)).map((t) => [t.name, t.status])).toEqual([['shipping_notice', 'approved']]);
  expect(await channelOf(request, acme, id)).toMatchObject({ status: 'ACTIVE', templates_synced_on: expect.any(String) });

  // A change that does not touch how templates are listed (the name) does not sync.
  const count = fetches().length;
  await request.patch(`/api/channels/${id}`, { headers: acme.admin.headers, data: { name: 'Renamed' } });
  await new Promise((r) => setTimeout(r, 1500));
  expect(fetches()).toHaveLength(count);
});

test('a template send produces the exact Cloud API request, and the message records the wamid', async ({ request }) => {
  const channel = await addChannel(request, acme);
  const [template] = await syncedTemplate(request, acme, channel);
  const phone = uniquePhone();
  const sent = await sendTemplate(request, acme, template.id, phone);
  await expect.poll(() => cloud.sends(channel.phoneNumberId).length).toBe(1);
  const [wire] = cloud.sends(channel.phoneNumberId);
  expect(wire.path).toBe(`/v21.0/${channel.phoneNumberId}/messages`);
  expect(wire.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(wire.headers['content-type']).toBe('application/json');
  expect(wire.body).toEqual({
    messaging_product: 'whatsapp', recipient_type: 'individual', to: phone.slice(1), type: 'template',
    // Handed back with the message's statuses: how a send whose answer was lost is recognised.
    biz_opaque_callback_data: sent.id,
    template: {
      name: 'shipping_notice', language: { code: 'en_US' },
      components: [
        { type: 'header', parameters: [{ type: 'text', text: 'A-17' }] },
        { type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: 'Friday' }] },
        { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'A17' }] },
      ],
    },
  });
  await expect.poll(async () => (await messagesOf(request, acme, sent.conversation))[0]?.status).toBe('accepted');
  const [message] = await messagesOf(request, acme, sent.conversation);
  expect(message).toMatchObject({
    id: sent.id, direction: 'OUTBOUND', msg_type: 'template', body: 'Order A-17\n\nHi Ana, your parcel arrives on Friday.\n\nThanks',
    provider_id: expect.stringMatching(/^wamid\./), to_number: phone, failed_attempts: 0,
  });
});

test('synced templates the provider would refuse from here: a media header is refused at send; an authentication code goes in its button too; archived is disabled', async ({ request }) => {
  const channel = await addChannel(request, acme);
  const media = { id: '2001', name: 'promo_img', language: 'en_US', status: 'APPROVED', category: 'MARKETING', components: [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://x.example/h.png'] } }, { type: 'BODY', text: 'Hi {{1}}, look!' },
  ] };
  const otp = { id: '2002', name: 'login_code', language: 'en_US', status: 'APPROVED', category: 'AUTHENTICATION', components: [
    { type: 'BODY', text: '*{{1}}* is your verification code.' },
    { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
  ] };
  const archived = { ...TEMPLATE, id: '2003', name: 'old_notice', status: 'ARCHIVED' };
  const list = await syncedTemplate(request, acme, channel, [[media, otp, archived]]);
  const byName = Object.fromEntries(list.map((t) => [t.name, t]));
  expect(byName.old_notice.status).toBe('disabled');

  const refused = await request.post(`/api/channels/chat/template/${byName.promo_img.id}/send`, {
    headers: acme.admin.headers, data: { phone: uniquePhone(), variables: ['Ana'] },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ non_field_errors: ['This template has an IMAGE header, which needs a file with every send; it cannot be sent from here.'] });
  const broadcast = await request.post('/api/broadcast', {
    headers: acme.admin.headers, data: { name: 'img', chat_template: byName.promo_img.id, recipients: [{ phone: uniquePhone(), data: ['Ana'] }] },
  });
  expect(broadcast.status()).toBe(400);
  expect((await broadcast.json()).chat_template).toEqual(['This template has an IMAGE header, which needs a file with every send; it cannot be sent from here.']);

  const phone = uniquePhone();
  const sent = await request.post(`/api/channels/chat/template/${byName.login_code.id}/send`, {
    headers: acme.admin.headers, data: { phone, variables: ['998877'] },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect.poll(() => cloud.sends(channel.phoneNumberId).length).toBe(1);
  expect((cloud.sends(channel.phoneNumberId)[0].body as { template: unknown }).template).toEqual({
    name: 'login_code', language: { code: 'en_US' },
    components: [
      { type: 'body', parameters: [{ type: 'text', text: '998877' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '998877' }] },
    ],
  });
});

test('a signed callback creates the contact, the conversation and messages of every type', async ({ request }) => {
  const channel = await addChannel(request, acme);
  const phone = uniquePhone();
  const from = phone.slice(1);
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await postCallback(request, channel, webhookPayload(channel.phoneNumberId, {
    contacts: [{ profile: { name: 'Lupita' }, wa_id: from }],
    messages: [
      { from, id: uniqueId('wamid.in'), timestamp: ts, type: 'text', text: { body: 'Hola' } },
      { from, id: uniqueId('wamid.in'), timestamp: ts, type: 'image', image: { id: 'media1', mime_type: 'image/jpeg', sha256: 'x', caption: 'Foto' } },
      { from, id: uniqueId('wamid.in'), timestamp: ts, type: 'document', document: { id: 'media2', mime_type: 'application/pdf', filename: 'factura.pdf' } },
      { from, id: uniqueId('wamid.in'), timestamp: ts, type: 'audio', audio: { id: 'media3', mime_type: 'audio/ogg', voice: true } },
      { from, id: uniqueId('wamid.in'), timestamp: ts, type: 'video', video: { id: 'media4', mime_type: 'video/mp4' } },
      { from, id: uniqueId('wamid.in'), timestamp: ts, type: 'location', location: { latitude: 19.43, longitude: -99.13, name: 'Zócalo', address: 'CDMX' } },
      { from, id: uniqueId('wamid.in'), timestamp: ts, type: 'contacts', contacts: [{ name: { formatted_name: 'Pepe', first_name: 'Pepe' }, phones: [{ phone: '+525511112222' }] }] },
      { from, id: uniqueId('wamid.in'), timestamp: ts, type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Sí' } } },
      { from, id: uniqueId('wamid.in'), timestamp: ts, type: 'button', button: { text: 'OK', payload: 'OK' } },
    ],
  }));
  expect(res.status(), await res.text()).toBe(200);
  expect(await res.json()).toMatchObject({ messages: 9, duplicates: 0 });
  const contacts = await (await request.get(`/api/contact?search=${from}`, { headers: acme.admin.headers })).json();
  expect(contacts.count).toBe(1);
  expect(contacts.results[0]).toMatchObject({ canonical_phone: phone, first_name: 'Lupita', source: 'INBOUND' });
  const conversations = await (await request.get(`/api/inbox/conversation?contact=${contacts.results[0].id}`, { headers: acme.admin.headers })).json();
  expect(conversations.count).toBe(1);
  expect(conversations.results[0]).toMatchObject({ status: 'NEW', contact: contacts.results[0].id });
  const messages = await messagesOf(request, acme, conversations.results[0].id);
  expect(messages.map((m) => m.msg_type)).toEqual(['text', 'image', 'document', 'audio', 'video', 'location', 'contacts', 'interactive', 'button']);
  expect(messages.map((m) => m.body)).toEqual(['Hola', 'Foto', 'factura.pdf', '', '', 'Zócalo, CDMX', 'Pepe', 'Sí', 'OK']);
  expect(messages[0]).toMatchObject({ direction: 'INBOUND', source: 'INBOUND', status: 'received', from_number: phone, to_number: '+15550001111' });
  expect(messages[1]).toMatchObject({ content_type: 'image/jpeg', content: { image: { id: 'media1', caption: 'Foto' } } });
  expect(messages[5].location).toEqual({ latitude: 19.43, longitude: -99.13, place_name: 'Zócalo', address: 'CDMX', url: '' });
  expect(messages[6].contacts).toEqual([{ name: { formatted_name: 'Pepe', first_name: 'Pepe' }, phones: [{ phone: '+525511112222' }] }]);
  expect(messages[7].content).toEqual({ interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Sí' } } });
});

test('a Brazilian sender named without the ninth digit is stored, on the contact the nine-digit number names', async ({ request }) => {
  const channel = await addChannel(request, acme);
  // 7xxx-xxxx: a spelling libphonenumber also reads as valid as it stands.
  const eight = String(70_000_000 + Math.floor(Math.random() * 9_999_999));
  const canonical = `+5511 9${eight}`.replace(' ', '');
  const created = await request.post('/api/contact', { headers: acme.admin.headers, data: { phone: `+55 11 9${eight.slice(0, 4)}-${eight.slice(4)}`, first_name: 'Bia' } });
  expect(created.status(), await created.text()).toBe(201);
  expect((await created.json()).canonical_phone).toBe(canonical);
  const from = `5511${eight}`; // how WhatsApp names many Brazilian mobiles
  const res = await postCallback(request, channel, webhookPayload(channel.phoneNumberId, {
    contacts: [{ profile: { name: 'Bia' }, wa_id: from }],
    messages: [{ from, id: uniqueId('wamid.in'), timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: 'Oi' } }],
  }));
  expect(res.status(), await res.text()).toBe(200);
  expect(await res.json()).toMatchObject({ messages: 1, skipped: 0 });
  const contacts = await (await request.get(`/api/contact?search=${eight}`, { headers: acme.admin.headers })).json();
  expect(contacts.count).toBe(1);
  expect(contacts.results[0]).toMatchObject({ id: (await created.json()).id, canonical_phone: canonical });
  const conversations = await (await request.get(`/api/inbox/conversation?contact=${contacts.results[0].id}`, { headers: acme.admin.headers })).json();
  expect((await messagesOf(request, acme, conversations.results[0].id)).map((m) => m.body)).toEqual(['Oi']);
});

test('a forged or missing signature is refused and stores nothing', async ({ request }) => {
  const channel = await addChannel(request, acme);
  const phone = uniquePhone();
  const payload = webhookPayload(channel.phoneNumberId, { messages: [{ from: phone.slice(1), id: uniqueId('wamid.in'), type: 'text', text: { body: 'hi' } }] });
  const forged = await postCallback(request, channel, payload, 'not-the-secret');
  expect(forged.status()).toBe(401);
  expect(await forged.json()).toEqual({ detail: 'Invalid signature.' });
  const unsigned = await request.post(`/api/channels/cloud-api/webhook/${channel.id}`, { data: payload });
  expect(unsigned.status()).toBe(401);
  const contacts = await (await request.get(`/api/contact?search=${phone.slice(1)}`, { headers: acme.admin.headers })).json();
  expect(contacts.count).toBe(0);
  // Unknown channels and malformed ids are 404s.
  expect((await request.post('/api/channels/cloud-api/webhook/999999999', { data: payload })).status()).toBe(404);
  expect((await request.post('/api/channels/cloud-api/webhook/abc', { data: payload })).status()).toBe(404);
});

test('a signed callback of the wrong shape is answered 200 with what was skipped, never a 500; a time far ahead is not believed', async ({ request }) => {
  const channel = await addChannel(request, acme);
  const from = uniquePhone().slice(1);
  const shaped = (value: object) => ({ object: 'whatsapp_business_account', entry: [{ id: 'WABA', changes: [{ field: 'messages', value: {
    messaging_product: 'whatsapp', metadata: { display_phone_number: '15550000000', phone_number_id: channel.phoneNumberId }, ...value,
  } }] }] });
  const cases: [object, object][] = [
    [shaped({ messages: 'x' }), { messages: 0, duplicates: 0, statuses: 0, skipped: 0 }],
    [shaped({ messages: [null, 7, 'text'] }), { messages: 0, duplicates: 0, statuses: 0, skipped: 3 }],
    [shaped({ messages: [{ from, id: 123, type: 'text', text: { body: 'numeric id' } }] }), { messages: 0, duplicates: 0, statuses: 0, skipped: 1 }],
    [shaped({ statuses: [null, { id: 5, status: 'read' }], contacts: 'nobody' }), { messages: 0, duplicates: 0, statuses: 0, skipped: 2 }],
    [{ object: 'x', entry: 'not a list' }, { messages: 0, duplicates: 0, statuses: 0, skipped: 0 }],
    [{ entry: [null, { changes: [null, { value: 'text' }] }] }, { messages: 0, duplicates: 0, statuses: 0, skipped: 0 }],
    [[1, 2, 3], { messages: 0, duplicates: 0, statuses: 0, skipped: 0 }],
  ];
  for (const [payload, counts] of cases) {
    const res = await postCallback(request, channel, payload);
    expect(res.status(), JSON.stringify(payload)).toBe(200);
    expect(await res.json(), JSON.stringify(payload)).toEqual(counts);
  }
  // Fields of the wrong type inside a message that is otherwise fine are dropped, not fatal.
  const future = String(99_999_999_999);
  const odd = shaped({ messages: [{ from, id: uniqueId('wamid.in'), timestamp: future, type: 'text', text: { body: 42 }, context: 'nope' }] });
  expect(await (await postCallback(request, channel, odd)).json()).toEqual({ messages: 1, duplicates: 0, statuses: 0, skipped: 0 });
  const contacts = await (await request.get(`/api/contact?search=${from}`, { headers: acme.admin.headers })).json();
  const conversations = await (await request.get(`/api/inbox/conversation?contact=${contacts.results[0].id}`, { headers: acme.admin.headers })).json();
  const [message] = await messagesOf(request, acme, conversations.results[0].id);
  expect(message.body).toBe('');
  // A timestamp in the year 5138 is taken as now: the 24-hour window is a day, not millennia.
  const conversation = conversations.results[0];
  expect(Date.parse(conversation.free_form_until) - Date.now()).toBeLessThan(25 * 3600_000);
  expect(Math.abs(Date.parse(String(message.timestamp)) - Date.now())).toBeLessThan(3600_000);
});

test('a callback for another phone number id of the same app stores nothing on this channel', async ({ request }) => {
  const channel = await addChannel(request, acme);
  const phone = uniquePhone();
  const from = phone.slice(1);
  const foreign = webhookPayload(uniqueId('PN-other'), {
    contacts: [{ profile: { name: 'Elsewhere' }, wa_id: from }],
    messages: [{ from, id: uniqueId('wamid.in'), type: 'text', text: { body: 'for number B' } }],
    statuses: [{ id: uniqueId('wamid.out'), status: 'delivered', timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: from }],
  });
  const res = await postCallback(request, channel, foreign);
  expect(res.status(), await res.text()).toBe(200);
  expect(await res.json()).toEqual({ messages: 0, duplicates: 0, statuses: 0, skipped: 2 });
  const search = async () => (await (await request.get(`/api/contact?search=${from}`, { headers: acme.admin.headers })).json()).count;
  expect(await search()).toBe(0);
  // No metadata at all is not this channel's either.
  const bare = { object: 'whatsapp_business_account', entry: [{ id: 'WABA', changes: [{ field: 'messages', value: {
    messages: [{ from, id: uniqueId('wamid.in'), type: 'text', text: { body: 'no metadata' } }],
  } }] }] };
  expect(await (await postCallback(request, channel, bare)).json()).toEqual({ messages: 0, duplicates: 0, statuses: 0, skipped: 1 });
  expect(await search()).toBe(0);
  // One payload, two numbers' changes: only this channel's is stored.
  const own = webhookPayload(channel.phoneNumberId, { messages: [{ from, id: uniqueId('wamid.in'), type: 'text', text: { body: 'for this number' } }] });
  const mixed = { ...own, entry: [{ ...own.entry[0], changes: [...foreign.entry[0].changes, ...own.entry[0].changes] }] };
  expect(await (await postCallback(request, channel, mixed)).json()).toEqual({ messages: 1, duplicates: 0, statuses: 0, skipped: 2 });
  const contacts = await (await request.get(`/api/contact?search=${from}`, { headers: acme.admin.headers })).json();
  expect(contacts.count).toBe(1);
  const conversations = await (await request.get(`/api/inbox/conversation?contact=${contacts.results[0].id}`, { headers: acme.admin.headers })).json();
  expect((await messagesOf(request, acme, conversations.results[0].id)).map((m) => m.body)).toEqual(['for this number']);
});

test('the same callback twice stores one message; statuses out of order never move backwards', async ({ request }) => {
  const channel = await addChannel(request, acme);
  const phone = uniquePhone();
  const inbound = webhookPayload(channel.phoneNumberId, { messages: [{ from: phone.slice(1), id: uniqueId('wamid.in'), type: 'text', text: { body: 'once' } }] });
  expect(await (await postCallback(request, channel, inbound)).json()).toMatchObject({ messages: 1, duplicates: 0 });
  expect(await (await postCallback(request, channel, inbound)).json()).toMatchObject({ messages: 0, duplicates: 1 });

  const [template] = await syncedTemplate(request, acme, channel);
  const sent = await sendTemplate(request, acme, template.id, phone);
  await expect.poll(async () => (await messagesOf(request, acme, sent.conversation)).find((m) => m.id === sent.id)?.provider_id).toBeTruthy();
  const all = await messagesOf(request, acme, sent.conversation);
  expect(all.filter((m) => m.direction === 'INBOUND')).toHaveLength(1);
  const wamid = all.find((m) => m.id === sent.id)!.provider_id as string;
  const t0 = Math.floor(Date.now() / 1000);
  const status = (s: string, dt: number) => webhookPayload(channel.phoneNumberId, { statuses: [{ id: wamid, status: s, timestamp: String(t0 + dt), recipient_id: phone.slice(1) }] });
  await postCallback(request, channel, status('read', 3));
  await postCallback(request, channel, status('delivered', 2));
  await postCallback(request, channel, status('sent', 1));
  await postCallback(request, channel, status('delivered', 2));
  const message = (await messagesOf(request, acme, sent.conversation)).find((m) => m.id === sent.id)!;
  expect(message.status).toBe('read');
  expect(message.sent_on).toBe(new Date((t0 + 1) * 1000).toISOString());
  expect(message.delivered_on).toBe(new Date((t0 + 2) * 1000).toISOString());
  expect(message.read_on).toBe(new Date((t0 + 3) * 1000).toISOString());
});

test('a failed status stores the provider error', async ({ request }) => {
  const channel = await addChannel(request, acme);
  const [template] = await syncedTemplate(request, acme, channel);
  const phone = uniquePhone();
  const sent = await sendTemplate(request, acme, template.id, phone);
  await expect.poll(async () => (await messagesOf(request, acme, sent.conversation))[0]?.provider_id).toBeTruthy();
  const wamid = (await messagesOf(request, acme, sent.conversation))[0].provider_id;
  await postCallback(request, channel, webhookPayload(channel.phoneNumberId, {
    statuses: [{ id: wamid, status: 'failed', timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: phone.slice(1),
      errors: [{ code: 131026, title: 'Message undeliverable', error_data: { details: 'Receiver is incapable of receiving this message' } }] }],
  }));
  const [message] = await messagesOf(request, acme, sent.conversation);
  expect(message).toMatchObject({
    status: 'failed', provider_error_code: '131026', failed_on: expect.any(String),
    provider_error_message: 'Message undeliverable: Receiver is incapable of receiving this message',
  });
});

test('throttling answers are retried with backoff until the send goes through', async ({ request }) => {
  const channel = await addChannel(request, acme);
  const [template] = await syncedTemplate(request, acme, channel);
  cloud.onSend(channel.phoneNumberId, (n) => (n === 1
    ? { status: 429, json: { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 } } }
    : n === 2 ? { status: 400, json: { error: { message: 'Spam rate limit hit', code: 131056 } } } : undefined));
  const sent = await sendTemplate(request, acme, template.id, uniquePhone());
  await expect.poll(async () => (await messagesOf(request, acme, sent.conversation))[0]?.status, { timeout: 20_000 }).toBe('accepted');
  const sends = cloud.sends(channel.phoneNumberId);
  expect(sends).toHaveLength(3);
  expect(sends[1].at - sends[0].at).toBeGreaterThanOrEqual(800);
  expect(sends[2].body).toEqual(sends[0].body);
  expect((await messagesOf(request, acme, sent.conversation))[0]).toMatchObject({ failed_attempts: 2, provider_id: expect.stringMatching(/^wamid\./) });
});

test('a permanent provider error fails the message at once, without retries', async ({ request }) => {
  const channel = await addChannel(request, acme);
  const [template] = await syncedTemplate(request, acme, channel);
  cloud.onSend(channel.phoneNumberId, () => ({
    status: 400, json: { error: { message: '(#132000) Number of parameters does not match', code: 132000, error_data: { details: 'body: expected 2' } } },
  }));
  const sent = await sendTemplate(request, acme, template.id, uniquePhone());
  await expect.poll(async () => (await messagesOf(request, acme, sent.conversation))[0]?.status).toBe('failed');
  const [message] = await messagesOf(request, acme, sent.conversation);
  expect(message).toMatchObject({
    provider_error_code: '132000', provider_error_message: '(#132000) Number of parameters does not match: body: expected 2',
    failed_attempts: 1, failed_on: expect.any(String), provider_id: null,
  });
  await new Promise((r) => setTimeout(r, 2500));
  expect(cloud.sends(channel.phoneNumberId)).toHaveLength(1);
});

test('verification handshake answers the challenge only for the right token', async ({ request }) => {
  const channel = await addChannel(request, acme);
  const ok = await request.get(`/api/channels/cloud-api/webhook/${channel.id}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
  expect(ok.status()).toBe(200);
  expect(await ok.text()).toBe('1158201444');
  const bad = await request.get(`/api/channels/cloud-api/webhook/${channel.id}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`);
  expect(bad.status()).toBe(403);
  const sameLength = 'x'.repeat(VERIFY_TOKEN.length);
  for (const query of [`hub.verify_token=${sameLength}`, `hub.verify_token=${VERIFY_TOKEN}x`, 'hub.verify_token=', '']) {
    const refused = await request.get(`/api/channels/cloud-api/webhook/${channel.id}?hub.mode=subscribe&${query}&hub.challenge=1`);
    expect(refused.status(), query).toBe(403);
    expect(await refused.json()).toEqual({ detail: 'Verification token mismatch.' });
  }
  const shown = await (await request.get(`/api/channels/${channel.id}`, { headers: acme.admin.headers })).json();
  expect(shown).toMatchObject({ status: 'ACTIVE', cloud_api_settings: { webhook_set: true } });
  // A channel an admin switched off stays off: the handshake only records itself.
  const off = await addChannel(request, acme);
  await request.patch(`/api/channels/${off.id}`, { headers: acme.admin.headers, data: { status: 'INACTIVE' } });
  const again = await request.get(`/api/channels/cloud-api/webhook/${off.id}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=42`);
  expect(await again.text()).toBe('42');
  const stillOff = await (await request.get(`/api/channels/${off.id}`, { headers: acme.admin.headers })).json();
  expect(stillOff).toMatchObject({ status: 'INACTIVE', cloud_api_settings: { webhook_set: true } });
});

test('test-credentials asks the provider and reports a refusal', async ({ request }) => {
  const channel = await addChannel(request, acme);
  const ok = await request.post(`/api/channels/${channel.id}/test-credentials`, { headers: acme.admin.headers });
  expect(await ok.json()).toEqual({ ok: true, reached: true, detail: 'The credentials work.', display_phone_number: '15550001111', verified_name: 'Fake Business' });
  await request.patch(`/api/channels/${channel.id}`, { headers: acme.admin.headers, data: { access_token: 'EAAG-wrong-token-000000' } });
  const bad = await (await request.post(`/api/channels/${channel.id}/test-credentials`, { headers: acme.admin.headers })).json();
  expect(bad).toEqual({ ok: false, reached: true, detail: 'The provider refused the credentials (190): Invalid OAuth access token.' });
  // A gateway's error page is the provider's outage, not a refusal of the credentials.
  const gateway = http.createServer((_req, res) => { res.writeHead(502, { 'content-type': 'text/html' }); res.end('<html>Bad gateway</html>'); });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  try {
    const port = (gateway.address() as { port: number }).port;
    await request.patch(`/api/channels/${channel.id}`, { headers: acme.admin.headers, data: { base_url: `http://127.0.0.1:${port}` } });
    const down = await (await request.post(`/api/channels/${channel.id}/test-credentials`, { headers: acme.admin.headers })).json();
    expect(down).toMatchObject({ ok: false, reached: true });
    expect(down.detail).toMatch(/^The provider could not answer \(.+\): .+\. The credentials were not checked; try again later\.$/);
  } finally {
    gateway.close();
  }
});

test('sync-templates: a provider refusal is a 400 with its message; a NUL character in a template is dropped', async ({ request }) => {
  const channel = await addChannel(request, acme);
  await request.patch(`/api/channels/${channel.id}`, { headers: acme.admin.headers, data: { access_token: 'EAAG-wrong-token-000000' } });
  const refused = await request.post(`/api/channels/${channel.id}/sync-templates`, { headers: acme.admin.headers });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ non_field_errors: ['Template sync failed (190): Invalid OAuth access token.'] });

  // A NUL character (which Postgres text refuses) in what the provider lists is dropped, not fatal.
  const other = await addChannel(request, acme);
  const [stored] = await syncedTemplate(request, acme, other, [[{ ...TEMPLATE, name: 'nul\u0000name', components: [{ type: 'BODY', text: 'Hi\u0000 {{1}}' }] }]]);
  expect(stored).toMatchObject({ name: 'nulname', components: [{ type: 'BODY', text: 'Hi {{1}}' }] });
});
