import { expect, test, type APIRequestContext } from '@playwright/test';
import { addCloudChannel, CLOUD_APP_SECRET, uniqueId, type CloudChannel } from './cloud-channel';
import { newAccount, signInCookie, uniquePhone, type TestAccount } from './factories';
import { FakeCloud, sign, webhookPayload } from './fake-cloud';

// Account settings and channel management as a cloud_api provider sees them: the agent's name
// before inbox messages, a deleted channel's history and refused sends, and a template the
// provider approves.

let cloud: FakeCloud;
test.beforeAll(async () => {
  cloud = await new FakeCloud().start();
});
test.afterAll(async () => cloud.stop());

/** A signed text from a new phone to the channel: the conversation it opened. */
async function inboundCloud(request: APIRequestContext, account: TestAccount, channel: CloudChannel, text = 'Hola') {
  const phone = uniquePhone();
  const body = JSON.stringify(webhookPayload(channel.phoneNumberId, {
    messages: [{ from: phone.slice(1), id: uniqueId('wamid.in'), timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
  }));
  const res = await request.post(`/api/channels/cloud-api/webhook/${channel.id}`, {
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(CLOUD_APP_SECRET, body) }, data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
  const contacts = await (await request.get(`/api/contact?search=${phone.slice(1)}`, { headers: account.admin.headers })).json();
  const conversations = await (await request.get(`/api/inbox/conversation?contact=${contacts.results[0].id}`, { headers: account.admin.headers })).json();
  return conversations.results[0].id as string;
}

async function bodies(request: APIRequestContext, account: TestAccount, conversation: string) {
  const res = await request.get(`/api/inbox/conversation/${conversation}/messages?page_size=100`, { headers: account.admin.headers });
  expect(res.status()).toBe(200);
  return ((await res.json()).results as { direction: string; body: string }[]).map((m) => [m.direction, m.body]);
}

test('with inbox_add_name_before_message, an inbox reply reaches the provider after the agent\'s name; without it, as typed', async ({ request, playwright, baseURL }) => {
  const account = await newAccount(request);
  const channel = await addCloudChannel(request, account, cloud);
  const email = `nora-${Date.now()}@test.example`;
  const added = await request.post('/api/account-member', {
    headers: account.admin.headers, data: { email, first_name: 'Nora', last_name: 'Navarro', role: 'AGENT', password: 'a-long-password' },
  });
  expect(added.status(), await added.text()).toBe(201);
  // The dashboard's session, as the inbox sends with it.
  const inbox = await playwright.request.newContext({ baseURL });
  const cookie = (await signInCookie(inbox, email, 'a-long-password')).split(';')[0];
  const session = { cookie };
  try {
    const conversation = await inboundCloud(request, account, channel);
    const sendsText = () => cloud.sends(channel.phoneNumberId).map((r) => (r.body as { text?: { body: string } }).text?.body);

    expect((await request.patch('/api/account', { headers: account.admin.headers, data: { inbox_add_name_before_message: true } })).status()).toBe(200);
    const on = await inbox.post(`/api/inbox/conversation/${conversation}/messages`, { headers: session, data: { body: 'Your order ships today.' } });
    expect(on.status(), await on.text()).toBe(201);
    await expect.poll(sendsText).toEqual(['*Nora Navarro*:\nYour order ships today.']);

    expect((await request.patch('/api/account', { headers: account.admin.headers, data: { inbox_add_name_before_message: false } })).status()).toBe(200);
    const off = await inbox.post(`/api/inbox/conversation/${conversation}/messages`, { headers: session, data: { body: 'Anything else?' } });
    expect(off.status(), await off.text()).toBe(201);
    await expect.poll(sendsText).toEqual(['*Nora Navarro*:\nYour order ships today.', 'Anything else?']);
    expect(await bodies(request, account, conversation)).toEqual([
      ['INBOUND', 'Hola'], ['OUTBOUND', '*Nora Navarro*:\nYour order ships today.'], ['OUTBOUND', 'Anything else?'],
    ]);
  } finally {
    await inbox.dispose();
  }
});

test('a deleted channel keeps its messages; a send through it is refused with the reason and never reaches the provider', async ({ request }) => {
  const account = await newAccount(request);
  const channel = await addCloudChannel(request, account, cloud);
  const conversation = await inboundCloud(request, account, channel, 'Is it shipped?');
  const reply = await request.post(`/api/inbox/conversation/${conversation}/messages`, { headers: account.agent.headers, data: { body: 'Yes, today.' } });
  expect(reply.status(), await reply.text()).toBe(201);
  await expect.poll(() => cloud.sends(channel.phoneNumberId).length).toBe(1);

  expect((await request.delete(`/api/channels/${channel.id}`, { headers: account.admin.headers })).status()).toBe(204);
  expect(await bodies(request, account, conversation)).toEqual([['INBOUND', 'Is it shipped?'], ['OUTBOUND', 'Yes, today.']]);
  expect((await request.get(`/api/inbox/conversation/${conversation}`, { headers: account.admin.headers })).status()).toBe(200);

  const refused = await request.post(`/api/inbox/conversation/${conversation}/messages`, { headers: account.agent.headers, data: { body: 'One more thing' } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ non_field_errors: ['The conversation\'s channel was deleted: nothing can be sent through it.'] });
  expect(cloud.sends(channel.phoneNumberId)).toHaveLength(1);
  expect(await bodies(request, account, conversation)).toHaveLength(2);
});

test('a template created on a cloud_api channel is pending until the provider approves it; then approved and sendable', async ({ request }) => {
  const account = await newAccount(request);
  const channel = await addCloudChannel(request, account, cloud);
  const components = [{ type: 'BODY', text: 'Hi {{1}}, your table is ready.', example: { body_text: [['Ana']] } }];
  const res = await request.post('/api/channels/chat/template', {
    headers: account.admin.headers, data: { channel: channel.id, name: 'table_ready', language: 'es', category: 'UTILITY', components },
  });
  expect(res.status(), await res.text()).toBe(201);
  const template = await res.json();
  expect(template).toMatchObject({ status: 'pending', rejected_reason: '' });

  cloud.setTemplates(channel.waba, [[{ id: 'TPL-OK', name: 'table_ready', language: 'es', category: 'UTILITY', status: 'APPROVED', components }]]);
  expect((await request.post(`/api/channels/${channel.id}/sync-templates`, { headers: account.admin.headers })).status()).toBe(200);
  expect(await (await request.get(`/api/channels/chat/template/${template.id}`, { headers: account.admin.headers })).json())
    .toMatchObject({ id: template.id, name: 'table_ready', status: 'approved', is_deleted: false });
  const approved = await (await request.get('/api/channels/chat/template?status=approved', { headers: account.admin.headers })).json();
  expect(approved.results.map((t: { id: string }) => t.id)).toContain(template.id);

  const phone = uniquePhone();
  const send = await request.post(`/api/channels/chat/template/${template.id}/send`, { headers: account.admin.headers, data: { phone, variables: ['Ana'] } });
  expect(send.status(), await send.text()).toBe(201);
  await expect.poll(() => cloud.sends(channel.phoneNumberId).length).toBe(1);
  expect(cloud.sends(channel.phoneNumberId)[0].body).toMatchObject({ to: phone.slice(1), type: 'template', template: { name: 'table_ready', language: { code: 'es' } } });
});
