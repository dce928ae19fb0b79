import { expect, test, type APIRequestContext } from '@playwright/test';
import { ISO, NOT_FOUND, NOT_PROVIDED, UUID, newAccount, uniquePhone, type TestAccount } from './factories';
import { Receiver } from './receiver';

// Templates on the sandbox channel: list filters, search, ordering, get, and sending
// (201 at once, then queued → accepted → sent → delivered → read on the sandbox's timer).

let acme: TestAccount;
let other: TestAccount;
test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
  other = await newAccount(request);
});

const TEMPLATE_KEYS = ['category', 'channel', 'components', 'id', 'is_deleted', 'language', 'name', 'rejected_reason', 'status', 'variable_count'];

async function templates(request: APIRequestContext, account: TestAccount, query = '') {
  const res = await request.get(`/api/channels/chat/template${query}`, { headers: account.admin.headers });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

async function byName(request: APIRequestContext, account: TestAccount, name: string) {
  return (await templates(request, account, `?search=${name}`)).results.find((t: { name: string }) => t.name === name);
}

test('lists the sandbox templates with their channel', async ({ request }) => {
  const page = await templates(request, acme);
  expect(page).toMatchObject({ count: 4, next: null, previous: null });
  for (const t of page.results) expect(Object.keys(t).sort()).toEqual(TEMPLATE_KEYS);
  const welcome = page.results.find((t: { name: string }) => t.name === 'welcome');
  expect(welcome).toEqual({
    id: expect.stringMatching(UUID), name: 'welcome', language: 'en', category: 'ACCOUNT_UPDATE', status: 'approved',
    components: [{ type: 'BODY', text: expect.stringContaining('{{2}}') }], rejected_reason: '', is_deleted: false, variable_count: 2,
    channel: {
      id: expect.any(Number), channel_id: expect.any(String), channel_type: 'CHAT', name: 'Sandbox', status: 'ACTIVE',
      created_on: expect.stringMatching(ISO), channel_provider: 'PROVIDER_SANDBOX', is_sandbox: true,
    },
  });
  const one = await request.get(`/api/channels/chat/template/${welcome.id}/`, { headers: acme.agent.headers });
  expect(one.status()).toBe(200);
  expect(await one.json()).toEqual(welcome);
});

test('filters by category and status (single, comma-separated, __in), searches and orders', async ({ request }) => {
  const names = async (q: string) => (await templates(request, acme, q)).results.map((t: { name: string }) => t.name);
  expect(await names('?category=UTILITY')).toEqual(['hello_world']);
  expect((await names('?category=UTILITY,SHIPPING_UPDATE&ordering=name'))).toEqual(['hello_world', 'order_update']);
  expect((await names('?category__in=SHIPPING_UPDATE,APPOINTMENT_UPDATE&ordering=-name'))).toEqual(['order_update', 'appointment_reminder']);
  expect(await names('?status=approved&ordering=name')).toEqual(['appointment_reminder', 'hello_world', 'order_update', 'welcome']);
  expect(await names('?status__in=rejected,pending')).toEqual([]);
  expect(await names('?search=ORDER')).toEqual(['order_update']);
  expect((await templates(request, acme, '?search=approv')).count).toBe(4);
  expect(await names('?ordering=language,name')).toEqual(['hello_world', 'order_update', 'welcome', 'appointment_reminder']);
  const paged = await templates(request, acme, '?page_size=3&ordering=name');
  expect(paged.results).toHaveLength(3);
  expect(paged.next).toContain('page=2');
  const bad = await request.get('/api/channels/chat/template?category=NOPE&status=approved,bogus', { headers: acme.admin.headers });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({
    category: ['Select a valid choice. NOPE is not one of the available choices.'],
    status: ['Select a valid choice. bogus is not one of the available choices.'],
  });
});

test('send: 201 {id, conversation} at once, then the sandbox moves the message to read', async ({ request }) => {
  const welcome = await byName(request, acme, 'welcome');
  const phone = uniquePhone();
  const res = await request.post(`/api/channels/chat/template/${welcome.id}/send`, {
    headers: acme.admin.headers, data: { phone: `+52 1 ${phone.slice(3)}`, variables: ['Ana', 'Acme'] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const sent = await res.json();
  expect(sent).toEqual({ id: expect.stringMatching(UUID), conversation: expect.stringMatching(UUID) });
  const contacts = await (await request.get(`/api/contact?search=${phone.slice(1)}`, { headers: acme.admin.headers })).json();
  expect(contacts.results[0]).toMatchObject({ canonical_phone: phone, last_conversation: sent.conversation });
  const conversation = await (await request.get(`/api/inbox/conversation/${sent.conversation}`, { headers: acme.admin.headers })).json();
  expect(conversation).toMatchObject({ status: 'CREATED', source: 'API', contact: contacts.results[0].id });
  const message = async () => (await (await request.get(`/api/inbox/conversation/${sent.conversation}/messages`, { headers: acme.admin.headers })).json()).results[0];
  await expect.poll(async () => (await message()).status, { timeout: 20_000 }).toBe('read');
  const m = await message();
  expect(m).toMatchObject({
    id: sent.id, conversation: sent.conversation, direction: 'OUTBOUND', msg_type: 'template', source: 'API', to_number: phone,
    body: 'Hi Ana, welcome to Acme! Reply to this message to talk to our team.', provider_id: expect.stringMatching(/^sandbox\./),
    sent_by: { id: acme.admin.id, first_name: 'Ada', last_name: expect.any(String), email: acme.admin.email },
    chat_template: { id: welcome.id, name: 'welcome' },
    content: { template: { name: 'welcome', language: { code: 'en' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: 'Acme' }] }] }, variables: ['Ana', 'Acme'] },
  });
  for (const field of ['queued_on', 'accepted_on', 'sent_on', 'delivered_on', 'read_on']) expect(m[field], field).toMatch(ISO);
  expect(m.failed_on).toBeNull();
  expect(new Date(m.queued_on) <= new Date(m.sent_on) && new Date(m.sent_on) <= new Date(m.delivered_on) && new Date(m.delivered_on) <= new Date(m.read_on)).toBe(true);
  // A second send to the same contact joins the open conversation.
  const again = await (await request.post(`/api/channels/chat/template/${welcome.id}/send`, {
    headers: acme.admin.headers, data: { phone, variables: ['Ana', 'Acme'] },
  })).json();
  expect(again.conversation).toBe(sent.conversation);
});

test('send uses an existing contact as it is: no contact.updated, a deleted contact stays deleted', async ({ request }) => {
  const account = await newAccount(request);
  const receiver = await new Receiver().start();
  try {
    const hooks = await request.post('/api/webhook-subscription', {
      headers: account.admin.headers, data: { events: ['contact.created', 'contact.updated'], target: receiver.url('/contacts') },
    });
    expect(hooks.status(), await hooks.text()).toBe(201);
    const events = () => receiver.at('/contacts').map((r) => JSON.parse(r.body) as { type: string; data: { id: string } });
    const phone = uniquePhone();
    const deletedPhone = uniquePhone();
    const existing = await (await request.post('/api/contact', { headers: account.admin.headers, data: { phone, first_name: 'Keep' } })).json();
    const deleted = await (await request.post('/api/contact', { headers: account.admin.headers, data: { phone: deletedPhone } })).json();
    expect((await request.delete(`/api/contact/${deleted.id}`, { headers: account.admin.headers })).status()).toBe(204);
    await expect.poll(() => events().length).toBe(2);
    expect(events().map((e) => e.type)).toEqual(['contact.created', 'contact.created']);
    const before = await (await request.get(`/api/contact/${existing.id}`, { headers: account.admin.headers })).json();

    const hello = await byName(request, account, 'hello_world');
    const send = (to: string) => request.post(`/api/channels/chat/template/${hello.id}/send`, { headers: account.admin.headers, data: { phone: to } });
    // Another spelling of the same number finds the same contact.
    expect((await send(`+52 1 ${phone.slice(3)}`)).status()).toBe(201);
    expect((await send(deletedPhone)).status()).toBe(201);
    // A new number still becomes a contact (and announces it): the subscription is live.
    const fresh = uniquePhone();
    expect((await send(fresh)).status()).toBe(201);
    await expect.poll(() => events().length).toBe(3);
    // Delivery proves the number (phone_status VALID), a system fact that announces no contact.updated.
    const contact = async () => (await request.get(`/api/contact/${existing.id}`, { headers: account.admin.headers })).json();
    await expect.poll(async () => (await contact()).phone_status, { timeout: 15_000 }).toBe('VALID');
    await new Promise((r) => setTimeout(r, 1500));
    expect(events().map((e) => e.type)).toEqual(['contact.created', 'contact.created', 'contact.created']);

    const after = await contact();
    expect(after).toEqual({ ...before, last_conversation: expect.stringMatching(UUID), phone_status: 'VALID' });
    expect(after.last_updated_on).toBe(before.last_updated_on);
    const stillDeleted = await (await request.get(`/api/contact/${deleted.id}`, { headers: account.admin.headers })).json();
    expect(stillDeleted.is_deleted).toBe(true);
    const list = await (await request.get('/api/contact', { headers: account.admin.headers })).json();
    expect(list.results.map((c: { canonical_phone: string }) => c.canonical_phone).sort()).toEqual([phone, fresh].sort());
  } finally {
    await receiver.stop();
  }
});

test('send reports a bad phone and blank variables in one answer', async ({ request }) => {
  const welcome = await byName(request, acme, 'welcome');
  const res = await request.post(`/api/channels/chat/template/${welcome.id}/send`, { headers: acme.admin.headers, data: { phone: '55 12', variables: ['', 'Acme'] } });
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({ phone: ['Enter a valid phone number.'], variables: { 0: ['This field may not be blank.'] } });
  // A blank phone is told that, once.
  const blank = await request.post(`/api/channels/chat/template/${welcome.id}/send`, { headers: acme.admin.headers, data: { phone: ' ', variables: ['Ana', 'Acme'] } });
  expect(await blank.json()).toEqual({ phone: ['This field may not be blank.'] });
});

test('send validates the variables count, the phone and the body', async ({ request }) => {
  const order = await byName(request, acme, 'order_update');
  const wrong = await request.post(`/api/channels/chat/template/${order.id}/send`, { headers: acme.admin.headers, data: { phone: uniquePhone(), variables: ['1'] } });
  expect(wrong.status()).toBe(400);
  expect(await wrong.json()).toEqual({ variables: ['This template needs exactly 4 variables; 1 given.'] });
  // Blank values would reach the contact as gaps in the text: refused per value, and nothing is sent.
  const welcome = await byName(request, acme, 'welcome');
  const blankPhone = uniquePhone();
  const blank = await request.post(`/api/channels/chat/template/${welcome.id}/send`, { headers: acme.admin.headers, data: { phone: blankPhone, variables: ['', ' '] } });
  expect(blank.status()).toBe(400);
  expect(await blank.json()).toEqual({ variables: { 0: ['This field may not be blank.'], 1: ['This field may not be blank.'] } });
  const oneBlank = await request.post(`/api/channels/chat/template/${welcome.id}/send`, { headers: acme.admin.headers, data: { phone: blankPhone, variables: ['Ana', ''] } });
  expect(await oneBlank.json()).toEqual({ variables: { 1: ['This field may not be blank.'] } });
  const contacts = await (await request.get(`/api/contact?search=${encodeURIComponent(blankPhone.replace(/\D/g, '').slice(-8))}`, { headers: acme.admin.headers })).json();
  expect(contacts.count).toBe(0);
  const hello = await byName(request, acme, 'hello_world');
  const extra = await request.post(`/api/channels/chat/template/${hello.id}/send`, { headers: acme.admin.headers, data: { phone: uniquePhone(), variables: ['x'] } });
  expect(await extra.json()).toEqual({ variables: ['This template needs exactly 0 variables; 1 given.'] });
  const phone = await request.post(`/api/channels/chat/template/${hello.id}/send`, { headers: acme.admin.headers, data: { phone: '+52 55' } });
  expect(phone.status()).toBe(400);
  expect(await phone.json()).toEqual({ phone: ['Enter a valid phone number.'] });
  const missing = await request.post(`/api/channels/chat/template/${hello.id}/send`, { headers: acme.admin.headers, data: { variables: 'x' } });
  expect(await missing.json()).toEqual({ phone: ['This field is required.'], variables: ['Expected a list of items but got type "str".'] });
  const ok = await request.post(`/api/channels/chat/template/${hello.id}/send`, { headers: acme.agent.headers, data: { phone: uniquePhone() } });
  expect(ok.status()).toBe(201);
});

test('unknown and other-account templates are 404s; no credentials is a 401', async ({ request }) => {
  const mine = await byName(request, acme, 'welcome');
  for (const res of [
    await request.get(`/api/channels/chat/template/${mine.id}`, { headers: other.admin.headers }),
    await request.post(`/api/channels/chat/template/${mine.id}/send`, { headers: other.admin.headers, data: { phone: uniquePhone(), variables: ['a', 'b'] } }),
    await request.get('/api/channels/chat/template/00000000-0000-4000-8000-000000000000', { headers: acme.admin.headers }),
    await request.post('/api/channels/chat/template/00000000-0000-4000-8000-000000000000/send', { headers: acme.admin.headers, data: { phone: uniquePhone() } }),
    await request.get('/api/channels/chat/template/not-a-uuid', { headers: acme.admin.headers }),
  ]) {
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  }
  expect((await templates(request, other)).results.map((t: { id: string }) => t.id)).not.toContain(mine.id);
  for (const res of [
    await request.get('/api/channels/chat/template'),
    await request.get(`/api/channels/chat/template/${mine.id}`),
    await request.post(`/api/channels/chat/template/${mine.id}/send`, { data: { phone: uniquePhone() } }),
  ]) {
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual(NOT_PROVIDED);
  }
});
