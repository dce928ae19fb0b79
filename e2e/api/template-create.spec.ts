import { expect, test } from '@playwright/test';
import { NOT_FOUND, newAccount, uniquePhone, type TestAccount } from './factories';
import { FakeCloud, TOKEN } from './fake-cloud';

// Templates created and deleted through the API (as the dashboard does): approved at once on the
// sandbox, submitted to the provider's message_templates endpoint on a cloud_api channel.

let cloud: FakeCloud;
let acme: TestAccount;
let other: TestAccount;
test.beforeAll(async ({ request }) => {
  cloud = await new FakeCloud().start();
  acme = await newAccount(request);
  other = await newAccount(request);
});
test.afterAll(async () => cloud.stop());

const BODY = { type: 'BODY', text: 'Hi {{1}}, your order {{2}} is ready.', example: { body_text: [['Ana', 'A-1']] } };

async function sandboxOf(request: import('@playwright/test').APIRequestContext, account: TestAccount) {
  return (await (await request.get('/api/channels', { headers: account.admin.headers })).json()).results[0].id as number;
}

test('a template created on the sandbox is approved and can be sent at once; deleted, it is gone', async ({ request }) => {
  const sandbox = await sandboxOf(request, acme);
  expect((await request.post('/api/channels/chat/template', { data: {} })).status()).toBe(401);
  expect((await request.post('/api/channels/chat/template', { headers: acme.agent.headers, data: {} })).status()).toBe(403);
  const res = await request.post('/api/channels/chat/template', {
    headers: acme.admin.headers,
    data: {
      channel: sandbox, name: 'order_ready', language: 'en', category: 'UTILITY',
      components: [{ type: 'HEADER', format: 'TEXT', text: 'Orders' }, BODY, { type: 'FOOTER', text: 'Acme' }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const template = await res.json();
  expect(template).toMatchObject({ name: 'order_ready', language: 'en', category: 'UTILITY', status: 'approved', is_deleted: false, rejected_reason: '' });
  const send = await request.post(`/api/channels/chat/template/${template.id}/send`, {
    headers: acme.admin.headers, data: { phone: uniquePhone(), variables: ['Ana', 'A-1'] },
  });
  expect(send.status(), await send.text()).toBe(201);
  const dup = await request.post('/api/channels/chat/template', {
    headers: acme.admin.headers, data: { channel: sandbox, name: 'order_ready', language: 'en', category: 'UTILITY', components: [BODY] },
  });
  expect(await dup.json()).toEqual({ name: ['This channel already has a template with this name and language.'] });

  expect((await request.delete(`/api/channels/chat/template/${template.id}`, { headers: other.admin.headers })).status()).toBe(404);
  expect((await request.delete(`/api/channels/chat/template/${template.id}`, { headers: acme.agent.headers })).status()).toBe(403);
  expect((await request.delete(`/api/channels/chat/template/${template.id}`, { headers: acme.admin.headers })).status()).toBe(204);
  expect((await (await request.get(`/api/channels/chat/template/${template.id}`, { headers: acme.admin.headers })).json())).toMatchObject({ status: 'deleted', is_deleted: true });
  const again = await request.delete(`/api/channels/chat/template/${template.id}`, { headers: acme.admin.headers });
  expect(await again.json()).toEqual(NOT_FOUND);
});

test('bad drafts are refused field by field; another account\'s channel does not exist', async ({ request }) => {
  const sandbox = await sandboxOf(request, acme);
  const bad = await request.post('/api/channels/chat/template', {
    headers: acme.admin.headers, data: { channel: sandbox, name: 'Has Spaces', language: 'english', category: 'NOPE', components: [{ type: 'FOOTER', text: 'x' }] },
  });
  expect(bad.status()).toBe(400);
  expect(Object.keys(await bad.json()).sort()).toEqual(['category', 'components', 'language', 'name']);
  const empty = await request.post('/api/channels/chat/template', { headers: acme.admin.headers, data: {} });
  expect((await empty.json()).channel).toEqual(['This field is required.']);
  const foreign = await request.post('/api/channels/chat/template', {
    headers: acme.admin.headers, data: { channel: await sandboxOf(request, other), name: 'x', language: 'en', category: 'UTILITY', components: [BODY] },
  });
  expect(Object.keys(await foreign.json())).toEqual(['channel']);
  // Variables as the provider numbers them: from {{1}}, without gaps, not mixed with named ones.
  const draft = (text: string) => request.post('/api/channels/chat/template', {
    headers: acme.admin.headers, data: { channel: sandbox, name: `vars_${Date.now()}`, language: 'en', category: 'UTILITY', components: [{ type: 'BODY', text }] },
  });
  const gap = await draft('Hello {{1}}, order {{3}}');
  expect(gap.status()).toBe(400);
  expect(await gap.json()).toEqual({ components: ['Body: Number the variables from {{1}} without gaps: {{2}} is missing.'] });
  const mixed = await draft('Hello {{1}} {{foo}}');
  expect(await mixed.json()).toEqual({ components: ['Body: Use numbered variables ({{1}}, {{2}} …) or named ones, not both.'] });
  expect((await draft('Hello {{first_name}}, order {{order}}')).status()).toBe(201);
  // Buttons and headers the provider would refuse, or that no send could fill, are refused here.
  const incomplete = await request.post('/api/channels/chat/template', {
    headers: acme.admin.headers,
    data: {
      channel: sandbox, name: `buttons_${Date.now()}`, language: 'en', category: 'UTILITY',
      components: [{ type: 'HEADER', format: 'IMAGE' }, BODY, { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Track' }, { type: 'PHONE_NUMBER', text: 'Call' }] }],
    },
  });
  expect(incomplete.status()).toBe(400);
  expect(await incomplete.json()).toEqual({ components: [
    'Header: only a TEXT header can be sent from here (a media header needs a file with every send).',
    'Button 1 ("Track"): a URL button needs its url.',
    'Button 2 ("Call"): a phone number button needs its number, such as +5215512345678.',
  ] });
});

test('a template created on a cloud_api channel reaches the provider with the right body and follows its status', async ({ request }) => {
  const waba = `WABA${Date.now()}`;
  const added = await request.post('/api/channels', {
    headers: acme.admin.headers,
    data: {
      name: 'Cloud', phone_number_id: `PN${Date.now()}`, business_account_id: waba, access_token: TOKEN, app_secret: 'sec',
      verify_token: 'ver', base_url: cloud.baseUrl, api_version: 'v21.0',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const channel = (await added.json()).id;
  const components = [BODY, { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Thanks' }] }];
  const res = await request.post('/api/channels/chat/template', {
    headers: acme.admin.headers, data: { channel, name: 'order_ready', language: 'pt_BR', category: 'UTILITY', components },
  });
  expect(res.status(), await res.text()).toBe(201);
  const template = await res.json();
  expect(template).toMatchObject({ name: 'order_ready', language: 'pt_BR', status: 'pending', channel: { id: channel } });
  const submitted = cloud.requests.filter((r) => r.method === 'POST' && r.path === `/v21.0/${waba}/message_templates`);
  expect(submitted).toHaveLength(1);
  expect(submitted[0].body).toEqual({ name: 'order_ready', language: 'pt_BR', category: 'UTILITY', components });
  expect(submitted[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
  // Not approved yet: it cannot be sent.
  const early = await request.post(`/api/channels/chat/template/${template.id}/send`, { headers: acme.admin.headers, data: { phone: uniquePhone(), variables: ['a', 'b'] } });
  expect(early.status()).toBe(404);
  // The provider rejects it; the next sync brings the status and the reason.
  cloud.setTemplates(waba, [[{ id: 'TPL1', name: 'order_ready', language: 'pt_BR', category: 'UTILITY', status: 'REJECTED', rejected_reason: 'INVALID_FORMAT', components }]]);
  expect((await request.post(`/api/channels/${channel}/sync-templates`, { headers: acme.admin.headers })).status()).toBe(200);
  expect(await (await request.get(`/api/channels/chat/template/${template.id}`, { headers: acme.admin.headers })).json())
    .toMatchObject({ status: 'rejected', rejected_reason: 'INVALID_FORMAT' });

  // Another language of the same name: the provider deletes a template by name, so both go.
  cloud.setTemplates(waba, [[
    { id: 'TPL1', name: 'order_ready', language: 'pt_BR', category: 'UTILITY', status: 'REJECTED', rejected_reason: 'INVALID_FORMAT', components },
    { id: 'TPL2', name: 'order_ready', language: 'es_MX', category: 'UTILITY', status: 'APPROVED', components },
  ]]);
  expect((await request.post(`/api/channels/${channel}/sync-templates`, { headers: acme.admin.headers })).status()).toBe(200);
  const spanish = (await (await request.get(`/api/channels/chat/template?channel=${channel}&search=order_ready`, { headers: acme.admin.headers })).json())
    .results.find((t: { language: string }) => t.language === 'es_MX');
  expect(spanish.status).toBe('approved');

  expect((await request.delete(`/api/channels/chat/template/${template.id}`, { headers: acme.admin.headers })).status()).toBe(204);
  const deleted = cloud.requests.filter((r) => r.method === 'DELETE' && r.path === `/v21.0/${waba}/message_templates`);
  expect(deleted.map((r) => r.query.get('name'))).toEqual(['order_ready']);
  expect(await (await request.get(`/api/channels/chat/template/${spanish.id}`, { headers: acme.admin.headers })).json())
    .toMatchObject({ status: 'deleted', is_deleted: true });
  const send = await request.post(`/api/channels/chat/template/${spanish.id}/send`, { headers: acme.admin.headers, data: { phone: uniquePhone(), variables: ['a', 'b'] } });
  expect(send.status()).toBe(404);

  // Named placeholders are submitted as such: the provider reads {{first_name}} as numbered otherwise.
  const named = [{ type: 'BODY', text: 'Hi {{first_name}}!', example: { body_text_named_params: [{ param_name: 'first_name', example: 'Ana' }] } }];
  const made = await request.post('/api/channels/chat/template', {
    headers: acme.admin.headers, data: { channel, name: 'hello_named', language: 'en', category: 'UTILITY', components: named },
  });
  expect(made.status(), await made.text()).toBe(201);
  const submittedNamed = cloud.requests.filter((r) => r.method === 'POST' && r.path === `/v21.0/${waba}/message_templates`).at(-1)!;
  expect(submittedNamed.body).toEqual({ name: 'hello_named', language: 'en', category: 'UTILITY', components: named, parameter_format: 'NAMED' });
});
