import { expect, test, type APIRequestContext } from '@playwright/test';
import { ISO, newAccount, sendWelcome, uniquePhone, type TestAccount } from './factories';

// Opting out of marketing messages: STOP and its kin from the contact (and START back), the
// account's words and confirmations, a member's own change, and every sender keeping the rule: the
// send API refuses a MARKETING template, a broadcast skips the contact, a flow lets them go.

type Json = Record<string, any>;
let acme: TestAccount;

test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
});

const OUT_TEXT = 'You will receive no more marketing messages from us. Reply START to receive them again.';
const IN_TEXT = 'You will receive our marketing messages again. Reply STOP to stop them.';

async function write(request: APIRequestContext, account: TestAccount, phone: string, text: string) {
  const res = await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone, type: 'text', text } });
  expect(res.status(), await res.text()).toBe(201);
}

async function contactOf(request: APIRequestContext, account: TestAccount, phone: string): Promise<Json> {
  const list = await (await request.get(`/api/contact?search=${encodeURIComponent(phone)}`, { headers: account.admin.headers })).json();
  expect(list.results).toHaveLength(1);
  return list.results[0];
}

async function sentTo(request: APIRequestContext, account: TestAccount, phone: string): Promise<string[]> {
  const res = await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, { headers: account.admin.headers });
  return ((await res.json()).results as Json[]).filter((m) => m.direction === 'OUTBOUND').map((m) => m.body);
}

async function marketingTemplate(request: APIRequestContext, account: TestAccount): Promise<Json> {
  const sandbox = (await (await request.get('/api/channels', { headers: account.admin.headers })).json()).results.find((c: Json) => c.is_sandbox);
  const made = await request.post('/api/channels/chat/template', {
    headers: account.admin.headers,
    data: { channel: sandbox.id, name: `sale_${Date.now()}`, language: 'en', category: 'MARKETING', components: [{ type: 'BODY', text: 'Our sale starts today.' }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  return made.json();
}

test('STOP opts the contact out with one confirmation; a sentence holding "stop" is a reply; START opts back in', async ({ request }) => {
  const phone = uniquePhone();
  await write(request, acme, phone, 'Hola');
  // From a contact who has not opted out, an opt-in word and a sentence holding "stop" are replies.
  await write(request, acme, phone, 'START');
  await write(request, acme, phone, 'please stop sending me the wrong size');
  expect(await contactOf(request, acme, phone)).toMatchObject({ opted_out: false, opted_out_on: null });

  await write(request, acme, phone, '  ¡Stop! ');
  const out = await contactOf(request, acme, phone);
  expect(out).toMatchObject({ opted_out: true, opted_out_on: expect.stringMatching(ISO) });
  await expect.poll(() => sentTo(request, acme, phone)).toEqual([OUT_TEXT]);

  // Said again, nothing changes and nothing more is sent.
  await write(request, acme, phone, 'STOP\u200B 🛑');
  expect((await contactOf(request, acme, phone)).opted_out_on).toBe(out.opted_out_on);

  const listed = async (value: boolean) => (await (await request.get(`/api/contact?opted_out=${value}&search=${encodeURIComponent(phone)}`, { headers: acme.admin.headers })).json()).count;
  expect(await listed(true)).toBe(1);
  expect(await listed(false)).toBe(0);

  await write(request, acme, phone, 'start');
  expect(await contactOf(request, acme, phone)).toMatchObject({ opted_out: false, opted_out_on: null });
  await expect.poll(() => sentTo(request, acme, phone)).toEqual([OUT_TEXT, IN_TEXT]);
  // The keywords stay in the conversation, for the agents to see.
  const conversation = (await contactOf(request, acme, phone)).last_conversation;
  const thread = await (await request.get(`/api/inbox/conversation/${conversation}/messages`, { headers: acme.admin.headers })).json();
  expect(thread.results.filter((m: Json) => m.direction === 'INBOUND').map((m: Json) => m.body))
    .toEqual(['Hola', 'START', 'please stop sending me the wrong size', '¡Stop!', 'STOP\u200B 🛑', 'start']);
});

test("the account's own words and confirmations; a word cannot both opt out and opt in", async ({ request }) => {
  const account = await newAccount(request);
  const h = account.admin.headers;
  const both = await request.patch('/api/account', { headers: h, data: { opt_out_keywords: ['alto'], opt_in_keywords: 'Alto, volver' } });
  expect(both.status()).toBe(400);
  expect(await both.json()).toEqual({ opt_in_keywords: ['"ALTO" cannot both opt out and opt in.'] });
  const comma = await request.patch('/api/account', { headers: h, data: { opt_out_keywords: ['NO, THANKS'] } });
  expect(await comma.json()).toEqual({ opt_out_keywords: ['A keyword cannot hold a comma or a line break ("NO, THANKS").'] });
  const long = await request.patch('/api/account', { headers: h, data: { opt_out_keywords: ['x'.repeat(31)] } });
  expect(long.status()).toBe(400);
  expect((await long.json()).opt_out_keywords[0]).toMatch(/^A keyword has at most 30 characters/);
  // An agent does not run the account.
  expect((await request.patch('/api/account', { headers: account.agent.headers, data: { opt_out_keywords: ['alto'] } })).status()).toBe(403);

  const saved = await request.patch('/api/account', { headers: h, data: { opt_out_keywords: 'alto,  Básta\nalto', opt_in_keywords: ['volver'], opt_out_response: '' } });
  expect(saved.status(), await saved.text()).toBe(200);
  expect(await saved.json()).toMatchObject({ opt_out_keywords: ['ALTO', 'BÁSTA'], opt_in_keywords: ['VOLVER'], opt_out_response: '', opt_in_response: IN_TEXT });
  // A word with no letter would turn opting out off without a word.
  const emoji = await request.patch('/api/account', { headers: h, data: { opt_out_keywords: ['🛑'] } });
  expect(await emoji.json()).toEqual({ opt_out_keywords: ['A keyword needs a letter or a digit: "🛑" has none.'] });

  // Against the list already stored, too.
  const stored = await request.patch('/api/account', { headers: h, data: { opt_in_keywords: ['basta'] } });
  expect(await stored.json()).toEqual({ opt_in_keywords: ['"BÁSTA" cannot both opt out and opt in.'] });

  const phone = uniquePhone();
  await write(request, account, phone, 'Basta.');
  expect((await contactOf(request, account, phone)).opted_out).toBe(true);
  // STOP is no longer one of the account's words; an empty confirmation sends nothing.
  await write(request, account, phone, 'volver');
  expect((await contactOf(request, account, phone)).opted_out).toBe(false);
  await expect.poll(() => sentTo(request, account, phone)).toEqual([IN_TEXT]);
  await write(request, account, phone, 'stop');
  expect((await contactOf(request, account, phone)).opted_out).toBe(false);
});

test('the send API refuses a MARKETING template to a contact who opted out; other templates still go; a member can change it', async ({ request }) => {
  const h = acme.admin.headers;
  const sale = await marketingTemplate(request, acme);
  const { phone } = await sendWelcome(request, acme);
  const contact = await contactOf(request, acme, phone);
  const patched = await request.patch(`/api/contact/${contact.id}`, { headers: h, data: { opted_out: true } });
  expect(patched.status()).toBe(200);
  const since = (await patched.json()).opted_out_on;
  expect(since).toMatch(ISO);
  // A replacement that leaves the field out does not opt them back in; saying so again keeps the date.
  const replaced = await request.put(`/api/contact/${contact.id}`, { headers: h, data: { phone, first_name: 'Ana' } });
  expect(await replaced.json()).toMatchObject({ opted_out: true, opted_out_on: since });
  expect((await (await request.patch(`/api/contact/${contact.id}`, { headers: h, data: { opted_out: 'true' } })).json()).opted_out_on).toBe(since);

  // The date as the account's clock reads it.
  expect((await request.patch('/api/account', { headers: h, data: { default_timezone: 'America/Mexico_City' } })).status()).toBe(200);
  const refused = await request.post(`/api/channels/chat/template/${sale.id}/send`, { headers: h, data: { phone, variables: [] } });
  await request.patch('/api/account', { headers: h, data: { default_timezone: 'UTC' } });
  expect(refused.status()).toBe(400);
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(new Date(since));
  expect(await refused.json()).toEqual({ phone: [`The contact opted out of marketing messages on ${day} America/Mexico_City: a MARKETING template is not sent to them.`] });
  await sendWelcome(request, acme, phone);

  expect((await (await request.patch(`/api/contact/${contact.id}`, { headers: h, data: { opted_out: false } })).json()).opted_out).toBe(false);
  expect((await request.post(`/api/channels/chat/template/${sale.id}/send`, { headers: h, data: { phone, variables: [] } })).status()).toBe(201);
});

test('a MARKETING broadcast skips the contacts who opted out, with the reason', async ({ request }) => {
  const h = acme.admin.headers;
  const sale = await marketingTemplate(request, acme);
  const [quiet, keen] = [uniquePhone(), uniquePhone()];
  await write(request, acme, quiet, 'STOP');
  const made = await request.post('/api/broadcast', {
    headers: h, data: { name: 'Sale', chat_template: sale.id, has_priority: true, recipients: [{ phone: quiet, data: [] }, { phone: keen, data: [] }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = (await made.json()).id;
  const recipients = async () => ((await (await request.get(`/api/broadcast/${id}/recipients`, { headers: h })).json()).results as Json[])
    .map((r) => ({ phone: r.phone, status: r.status, reason: r.reason }));
  await expect.poll(async () => (await recipients()).every((r) => r.status !== 'pending'), { timeout: 20_000 }).toBe(true);
  const byPhone = new Map((await recipients()).map((r) => [r.phone, r]));
  expect(byPhone.get(quiet)).toMatchObject({ status: 'skipped', reason: 'The contact opted out of marketing messages.' });
  expect(byPhone.get(keen)?.status).not.toBe('skipped');

  // A template of another category still reaches them.
  const welcome = (await (await request.get('/api/channels/chat/template?search=welcome', { headers: h })).json()).results[0];
  const update = await request.post('/api/broadcast', {
    headers: h, data: { name: 'Account news', chat_template: welcome.id, has_priority: true, recipients: [{ phone: quiet, data: ['Ana', 'Acme'] }] },
  });
  expect(update.status(), await update.text()).toBe(201);
  const updateId = (await update.json()).id;
  await expect.poll(async () => ((await (await request.get(`/api/broadcast/${updateId}/recipients`, { headers: h })).json()).results[0].status), { timeout: 20_000 })
    .toMatch(/^(sent|delivered|read)$/);
});

test('a contact who says STOP in a flow leaves it, and the flow does not read it as an answer', async ({ request }) => {
  const h = acme.admin.headers;
  const created = await request.post('/api/flow', {
    headers: h, data: {
      name: `Survey ${Date.now()}`,
      steps: [
        { ordering_idx: 0, name: 'size', step_type: 'QUESTION', body: 'Which size do you wear?', answer_type: 'FREE_TEXT', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'MESSAGE', body: 'Thanks, {{step.size}} it is.', next_step_default_idx: 2 },
        { ordering_idx: 2, step_type: 'END' },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const flow = await created.json();
  const phone = uniquePhone();
  expect((await request.post(`/api/flow/${flow.id}/try-on-sandbox`, { headers: h, data: { phone } })).status()).toBe(201);
  const fecOf = async () => (await (await request.get(`/api/flow-execution-contact?flow_execution__flow=${flow.id}&search=${encodeURIComponent(phone)}`, { headers: h })).json()).results[0];
  await expect.poll(async () => (await fecOf())?.waiting, { timeout: 20_000 }).toBe('ANSWER');
  await write(request, acme, phone, 'Stop');
  expect(await fecOf()).toMatchObject({ status: 'CANCELED', reason: 'The contact opted out of marketing messages.' });
  await expect.poll(() => sentTo(request, acme, phone)).toEqual(['Which size do you wear?', OUT_TEXT]);
  // The conversation the flow held is the agents' again.
  const conversation = (await contactOf(request, acme, phone)).last_conversation;
  expect((await (await request.get(`/api/inbox/conversation/${conversation}`, { headers: h })).json()).status).toBe('NEW');
});

test("a flow's MARKETING template step ends the flow of a contact who opted out, and sends nothing", async ({ request }) => {
  const h = acme.admin.headers;
  const sale = await marketingTemplate(request, acme);
  const created = await request.post('/api/flow', {
    headers: h, data: { name: `Sale ${Date.now()}`, steps: [
      { ordering_idx: 0, name: 'offer', step_type: 'TEMPLATE', chat_template: sale.id, next_step_default_idx: 1 },
      { ordering_idx: 1, step_type: 'END' },
    ] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const flow = await created.json();
  const phone = uniquePhone();
  await write(request, acme, phone, 'STOP');
  await expect.poll(() => sentTo(request, acme, phone)).toEqual([OUT_TEXT]);
  expect((await request.post(`/api/flow/${flow.id}/try-on-sandbox`, { headers: h, data: { phone } })).status()).toBe(201);
  const fecOf = async () => (await (await request.get(`/api/flow-execution-contact?flow_execution__flow=${flow.id}&search=${encodeURIComponent(phone)}`, { headers: h })).json()).results[0];
  await expect.poll(async () => (await fecOf())?.status, { timeout: 20_000 }).toBe('FAILED');
  expect((await fecOf()).reason).toBe('The contact opted out of marketing messages.');
  expect(await sentTo(request, acme, phone)).toEqual([OUT_TEXT]);
});

test('a CSV upload with an opted_out column opts its contacts out, and never back in', async ({ request }) => {
  const account = await newAccount(request);
  const h = account.admin.headers;
  const [quiet, keen, known, dated] = [uniquePhone(), uniquePhone(), uniquePhone(), uniquePhone()];
  const made = await request.post('/api/contact', { headers: h, data: { phone: known, opted_out: true } });
  const since = (await made.json()).opted_out_on;
  const csv = `phone,Opted Out\n${quiet},yes\n${keen},\n${known},false\n${dated},2024-05-01\n`;
  const upload = await request.post('/api/contact/upload', { headers: { ...h, 'Content-Type': 'text/csv' }, data: csv });
  expect(upload.status()).toBe(200);
  const { upload_group_id: id } = await upload.json();
  await expect.poll(async () => (await (await request.get(`/api/contact/upload/${id}`, { headers: h })).json()).status, { timeout: 30_000 }).toBe('COMPLETED');
  expect(await contactOf(request, account, quiet)).toMatchObject({ opted_out: true, opted_out_on: expect.stringMatching(ISO) });
  expect((await contactOf(request, account, keen)).opted_out).toBe(false);
  expect(await contactOf(request, account, known)).toMatchObject({ opted_out: true, opted_out_on: since });
  // A date is when they opted out, as another system (or this one's export) recorded it.
  expect((await contactOf(request, account, dated)).opted_out_on).toBe('2024-05-01T00:00:00.000Z');
});

test('the bulk actions opt_out and opt_in change many contacts, each once, in the caller\'s account only', async ({ request }) => {
  const account = await newAccount(request);
  const other = await newAccount(request);
  const h = account.admin.headers;
  const made: Json[] = [];
  for (let i = 0; i < 3; i++) made.push(await (await request.post('/api/contact', { headers: h, data: { phone: uniquePhone(), first_name: `Bulk ${i}` } })).json());
  const foreign = await (await request.post('/api/contact', { headers: other.admin.headers, data: { phone: uniquePhone() } })).json();
  const bulk = (data: object, headers = h) => request.post('/api/contact/bulk', { headers, data });
  expect((await request.post('/api/contact/bulk', { data: { action: 'opt_out', ids: [made[0].id] } })).status()).toBe(401);

  const first = await bulk({ action: 'opt_out', ids: [made[0].id, foreign.id] });
  expect(await first.json()).toEqual({ matched: 1, changed: 1 });
  expect((await (await request.get(`/api/contact/${foreign.id}`, { headers: other.admin.headers })).json()).opted_out).toBe(false);
  // By the list's filter: the one already out keeps its date and counts as unchanged.
  const since = (await (await request.get(`/api/contact/${made[0].id}`, { headers: h })).json()).opted_out_on;
  expect(await (await bulk({ action: 'opt_out', filter: { search: 'bulk' } })).json()).toEqual({ matched: 3, changed: 2 });
  expect((await (await request.get(`/api/contact/${made[0].id}`, { headers: h })).json()).opted_out_on).toBe(since);
  expect((await (await request.get('/api/contact?opted_out=true', { headers: h })).json()).count).toBe(3);
  // Opting back in is an admin's: an agent is refused, one by one or in bulk; opting out is anyone's.
  const byAgent = await bulk({ action: 'opt_in', filter: { opted_out: true } }, account.agent.headers);
  expect(byAgent.status()).toBe(403);
  expect(await byAgent.json()).toEqual({ detail: 'Only an admin can opt a contact back in to marketing messages.' });
  expect((await request.patch(`/api/contact/${made[1].id}`, { headers: account.agent.headers, data: { opted_out: false } })).status()).toBe(403);
  expect((await request.put(`/api/contact/${made[1].id}`, { headers: account.agent.headers, data: { phone: made[1].phone, opted_out: false } })).status()).toBe(403);
  expect((await request.post('/api/contact', { headers: account.agent.headers, data: { phone: made[1].phone, opted_out: false } })).status()).toBe(403);
  // Nor can the number be freed by moving the contact to another one.
  const moved = await request.patch(`/api/contact/${made[1].id}`, { headers: account.agent.headers, data: { phone: uniquePhone() } });
  expect(moved.status()).toBe(403);
  expect((await request.patch(`/api/contact/${made[1].id}`, { headers: account.agent.headers, data: { opted_out: true } })).status()).toBe(200);
  // Saying false of a contact who has not opted out is no opt-in: an integration may always send it.
  const fresh = await request.post('/api/contact', { headers: account.agent.headers, data: { phone: uniquePhone(), opted_out: false } });
  expect(fresh.status()).toBe(201);
  expect((await request.patch(`/api/contact/${(await fresh.json()).id}`, { headers: account.agent.headers, data: { opted_out: false } })).status()).toBe(200);
  // Nor through a flow's list of contacts.
  const flow = await (await request.post('/api/flow', { headers: h, data: { name: `Bulk ${Date.now()}`, steps: [{ ordering_idx: 0, step_type: 'END' }] } })).json();
  const run = await request.post(`/api/flow/${flow.id}/run`, {
    headers: account.agent.headers, data: { execute_for: 'LIST', contact_lists: [{ source: 'LIST', contact_list: [{ phone: made[1].phone, opted_out: false }] }] },
  });
  expect(run.status()).toBe(403);
  expect(await (await bulk({ action: 'opt_in', filter: { opted_out: true } })).json()).toEqual({ matched: 3, changed: 3 });
  expect((await (await request.get('/api/contact?opted_out=true', { headers: h })).json()).count).toBe(0);
});
