import { expect, test } from '@playwright/test';
import { newAccount, NOT_FOUND, uniquePhone, type TestAccount } from './factories';

// DRF looks the object up before it reads the request: another account's id is a 404 whatever the
// body or query holds, even one that would fail validation, by the schema or by the service (a
// blocked webhook target, a member of another account). The same requests about the caller's own
// objects are 400s, which shows the bodies really are invalid.

let acme: TestAccount;
let other: TestAccount;
type Ids = { contact: string; conversation: string; subscription: string; channel: number; template: string; upload: string };
let ids: Ids;

test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
  other = await newAccount(request);
  const h = acme.admin.headers;
  const phone = uniquePhone();
  const contact = await (await request.post('/api/contact', { headers: h, data: { phone, first_name: 'Ana' } })).json();
  const inbound = await request.post('/api/channels/sandbox/inbound', { headers: h, data: { phone, text: 'Hola' } });
  expect(inbound.status(), await inbound.text()).toBe(201);
  const subscription = await (await request.post('/api/webhook-subscription', {
    headers: h, data: { events: ['contact.created'], target: 'http://127.0.0.1:9/hooks' },
  })).json();
  const channel = (await (await request.get('/api/channels', { headers: h })).json()).results[0];
  const template = (await (await request.get('/api/channels/chat/template?search=welcome', { headers: h })).json()).results[0];
  const upload = await (await request.post('/api/contact/upload', {
    headers: { ...h, 'Content-Type': 'text/csv' }, data: `phone\n${uniquePhone()}\n`,
  })).json();
  ids = {
    contact: contact.id, conversation: (await inbound.json()).conversation, subscription: subscription.id, channel: channel.id,
    template: template.id, upload: upload.upload_group_id,
  };
  for (const [name, id] of Object.entries(ids)) expect(id, name).toBeTruthy();
});

type Case = { name: string; method: 'get' | 'post' | 'put' | 'patch'; path: (ids: Ids) => string; data?: unknown };

// Per route kind, requests that fail on their content.
const CASES: Case[] = [
  { name: 'webhook subscription PATCH, invalid target', method: 'patch', path: (i) => `/api/webhook-subscription/${i.subscription}`, data: { target: 'not a url' } },
  { name: 'webhook subscription PATCH, blocked target', method: 'patch', path: (i) => `/api/webhook-subscription/${i.subscription}`, data: { target: 'https://10.1.2.3/hooks' } },
  { name: 'webhook subscription PUT, missing fields', method: 'put', path: (i) => `/api/webhook-subscription/${i.subscription}`, data: { is_active: true } },
  { name: 'webhook resend-failed, invalid since', method: 'post', path: (i) => `/api/webhook-subscription/${i.subscription}/deliveries/resend`, data: { since: 'yesterday' } },
  { name: 'webhook delivery log, invalid status', method: 'get', path: (i) => `/api/webhook-subscription/${i.subscription}/deliveries?status=NOPE` },
  { name: 'contact PUT, no phone', method: 'put', path: (i) => `/api/contact/${i.contact}`, data: { first_name: 'Ana' } },
  { name: 'contact PATCH, invalid email', method: 'patch', path: (i) => `/api/contact/${i.contact}`, data: { email: 'not-an-email' } },
  { name: 'contact PATCH, another account\'s member', method: 'patch', path: (i) => `/api/contact/${i.contact}`, data: { default_assignees: [{ id: 2_000_000_000 }] } },
  { name: 'conversation PUT, missing fields', method: 'put', path: (i) => `/api/inbox/conversation/${i.conversation}/update`, data: {} },
  { name: 'conversation PATCH, invalid status', method: 'patch', path: (i) => `/api/inbox/conversation/${i.conversation}/update`, data: { status: 'NOPE' } },
  { name: 'conversation PATCH, another account\'s member', method: 'patch', path: (i) => `/api/inbox/conversation/${i.conversation}/update`, data: { assigned: [{ id: 2_000_000_000 }] } },
  { name: 'conversation message, empty body', method: 'post', path: (i) => `/api/inbox/conversation/${i.conversation}/messages`, data: { body: '' } },
  { name: 'channel PATCH, invalid rate limit', method: 'patch', path: (i) => `/api/channels/${i.channel}`, data: { rate_limit: 0 } },
  { name: 'template send, no phone', method: 'post', path: (i) => `/api/channels/chat/template/${i.template}/send`, data: { variables: ['Ana', 'Acme'] } },
  { name: 'template send, wrong number of variables', method: 'post', path: (i) => `/api/channels/chat/template/${i.template}/send`, data: { phone: uniquePhone() } },
  { name: 'upload detail, invalid rejected_rows', method: 'get', path: (i) => `/api/contact/upload/${i.upload}?rejected_rows=many` },
];

for (const c of CASES) {
  test(`another account's object is a 404 whatever the request: ${c.name}`, async ({ request }) => {
    const send = (account: TestAccount) => request[c.method](c.path(ids), { headers: account.admin.headers, ...(c.data ? { data: c.data } : {}) });
    const theirs = await send(other);
    expect(theirs.status(), await theirs.text()).toBe(404);
    expect(await theirs.json()).toEqual(NOT_FOUND);
    const mine = await send(acme);
    expect(mine.status(), await mine.text()).toBe(400);
  });
}

test('another account\'s object is a 404 before its body is even parsed', async ({ request }) => {
  const path = `/api/webhook-subscription/${ids.subscription}`;
  for (const [headers, data, mineStatus] of [
    [{ 'Content-Type': 'application/json' }, '{"target": ', 400],
    [{ 'Content-Type': 'application/xml' }, '<target/>', 415],
  ] as const) {
    const theirs = await request.patch(path, { headers: { ...other.admin.headers, ...headers }, data });
    expect(theirs.status(), await theirs.text()).toBe(404);
    expect(await theirs.json()).toEqual(NOT_FOUND);
    expect((await request.patch(path, { headers: { ...acme.admin.headers, ...headers }, data })).status()).toBe(mineStatus);
  }
});

test('a role the route refuses is still a 403 first, as DRF checks permissions before the object', async ({ request }) => {
  const res = await request.patch(`/api/webhook-subscription/${ids.subscription}`, { headers: other.agent.headers, data: { target: 'not a url' } });
  expect(res.status()).toBe(403);
});
