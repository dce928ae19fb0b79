import http from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newAccount, uniquePhone, type TestAccount } from './factories';

// A QUESTION's options taken from a list variable (`has_options_from_variable`): an ACTION fetches
// the slots, the question shows them as a list, the row tapped answers with its whole item (read
// further with `{{step.slot.id}}`), and the step logs what was offered. An empty list sends
// `missing_options_message` and takes the failed-answer branch. The builder's trial of an ACTION's
// request (`POST /api/flow/action-test`) keeps the answer a step's `action_test_response_data` names.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let api: http.Server;
let base = '';
let slots: unknown = [];
test.beforeAll(async () => {
  api = http.createServer((req, res) => {
    res.writeHead(req.url?.startsWith('/missing') ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ slots, asked: req.url, auth: req.headers.authorization ?? null }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(api.address() as { port: number }).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

const STEPS = () => [
  { ordering_idx: 0, name: 'lookup', step_type: 'ACTION', action_request_url: `${base}/slots`, next_step_default_idx: 1, next_step_alternate_idx: 3 },
  {
    ordering_idx: 1, name: 'slot', step_type: 'QUESTION', body: 'Which time suits you?', answer_type: 'SINGLE_OPTION',
    has_options_from_variable: true, options_from_variable: 'step.lookup.slots', option_from_variable_title: 'label',
    missing_options_message: 'Sorry {{contact.first_name}}, nothing is free this week.',
    answer_options_render: 'BUTTONS', next_step_default_idx: 2, answer_failed_next_step_idx: 3,
  },
  { ordering_idx: 2, step_type: 'MESSAGE', body: 'Booked {{step.slot.label}} (slot {{step.slot.id}}).' },
  { ordering_idx: 3, step_type: 'MESSAGE', body: 'An agent will call you.' },
];

async function tryFlow(request: APIRequestContext, account: TestAccount, phone: string) {
  const h = account.admin.headers;
  const created = await request.post('/api/flow', { headers: h, data: { name: 'Booking', steps: STEPS() } });
  expect(created.status(), await created.text()).toBe(201);
  const flow = await created.json();
  const tried = await request.post(`/api/flow/${flow.id}/try-on-sandbox`, { headers: h, data: { phone } });
  expect(tried.status(), await tried.text()).toBe(201);
  return { flow, execution: await tried.json() };
}

const messagesOf = async (request: APIRequestContext, account: TestAccount, phone: string) =>
  (await (await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, { headers: account.admin.headers })).json()).results as Json[];

test('the options are the items of an ACTION\'s list; the row tapped answers with its item', async ({ request }) => {
  const account = await newAccount(request);
  const phone = uniquePhone();
  slots = [{ id: 11, label: 'Mon 9:00' }, { id: 12, label: 'Tue 10:30' }, { id: 13, label: 'Wed 16:00' }, { id: 14, label: 'Thu 12:00' }];
  const { flow, execution } = await tryFlow(request, account, phone);
  const step = flow.steps.find((s: Json) => s.name === 'slot');
  expect(step).toMatchObject({
    has_options_from_variable: true, options_from_variable: '{{step.lookup.slots}}', option_from_variable_title: 'label', option_from_variable_value: '',
    missing_options_message: 'Sorry {{contact.first_name}}, nothing is free this week.', answer_options: [],
  });

  await expect.poll(async () => (await messagesOf(request, account, phone)).length, { timeout: 20_000 }).toBe(1);
  const [question] = await messagesOf(request, account, phone);
  // Four options are more than buttons hold: they go out as a list.
  expect(question).toMatchObject({ direction: 'OUTBOUND', msg_type: 'interactive', body: 'Which time suits you?' });
  const rows = question.content.interactive.action.sections[0].rows as Json[];
  expect(rows.map((r) => r.title)).toEqual(['Mon 9:00', 'Tue 10:30', 'Wed 16:00', 'Thu 12:00']);

  const tap = (button: { id: string; title: string }) => request.post('/api/channels/sandbox/inbound', {
    headers: account.admin.headers, data: { phone, type: 'interactive', interactive_type: 'list_reply', button },
  });
  // A row whose title is not the option's at that place now (a list from an earlier asking) is no answer: asked again.
  expect((await tap({ id: rows[2].id, title: 'Fri 8:00' })).status()).toBe(201);
  await expect.poll(async () => (await messagesOf(request, account, phone)).length, { timeout: 20_000 }).toBe(3);
  const again = (await messagesOf(request, account, phone))[2];
  expect(again.body).toBe('Sorry, that answer is not valid.\n\nWhich time suits you?');
  expect(again.content.interactive.action.sections[0].rows).toEqual(rows);
  expect((await tap({ id: rows[2].id, title: rows[2].title })).status()).toBe(201);
  await expect.poll(async () => (await messagesOf(request, account, phone)).map((m) => m.body), { timeout: 20_000 })
    .toEqual(['Which time suits you?', 'Fri 8:00', 'Sorry, that answer is not valid.\n\nWhich time suits you?', 'Wed 16:00', 'Booked Wed 16:00 (slot 13).']);

  const c = (await (await request.get(`/api/flow-execution-contact?flow_execution=${execution.id}`, { headers: account.admin.headers })).json()).results[0];
  expect(c.variables.slot).toEqual({ id: 13, label: 'Wed 16:00' });
  const detail = await (await request.get(`/api/flow-execution-contact/${c.id}`, { headers: account.admin.headers })).json();
  const asked = (detail.execution_steps as Json[]).find((l) => l.step.id === step.id);
  expect(asked?.status).toBe('COMPLETED');
  expect(asked?.execution_result).toMatchObject({ answer: { id: 13, label: 'Wed 16:00' }, option: 2, attempts: 2, options: (slots as Json[]).map((s) => ({ title: s.label, value: s })) });
});

test('typed text picks an option by its title or number; an empty list sends the missing-options message and takes the failed branch', async ({ request }) => {
  const account = await newAccount(request);
  slots = [{ id: 1, label: 'Morning' }, { id: 2, label: 'Evening' }];
  const typed = uniquePhone();
  await tryFlow(request, account, typed);
  await expect.poll(async () => (await messagesOf(request, account, typed)).length, { timeout: 20_000 }).toBe(1);
  const [buttons] = await messagesOf(request, account, typed);
  expect(buttons.content.interactive.action.buttons.map((b: Json) => b.reply.title)).toEqual(['Morning', 'Evening']);
  const sent = await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone: typed, text: 'evening' } });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect.poll(async () => (await messagesOf(request, account, typed)).at(-1)?.body, { timeout: 20_000 }).toBe('Booked Evening (slot 2).');

  slots = [];
  const empty = uniquePhone();
  const contact = await request.post('/api/contact', { headers: account.admin.headers, data: { phone: empty, first_name: 'Ana' } });
  expect(contact.status(), await contact.text()).toBe(201);
  const { execution } = await tryFlow(request, account, empty);
  await expect.poll(async () => (await messagesOf(request, account, empty)).map((m) => m.body), { timeout: 20_000 })
    .toEqual(['Sorry Ana, nothing is free this week.', 'An agent will call you.']);
  const c = (await (await request.get(`/api/flow-execution-contact?flow_execution=${execution.id}`, { headers: account.admin.headers })).json()).results[0];
  expect(c.status).toBe('COMPLETED');
});

test('an ACTION\'s request tried from the builder: sent with test values, its answer kept and read back by id', async ({ request }) => {
  const account = await newAccount(request);
  const h = account.admin.headers;
  slots = [{ id: 1, label: 'Morning' }];
  const tried = await request.post('/api/flow/action-test', {
    headers: h,
    data: {
      action_request_url: `${base}/slots`, action_request_params: { day: '{{flow_execution_variables.day}}', who: '{{contact.first_name}}' },
      action_request_headers: { Authorization: 'Bearer {{flow_execution_variables.token}}' },
      test_values: { 'flow_execution_variables.day': 'mon', '{{contact.first_name}}': 'Ana', 'flow_execution_variables.token': 't0k' },
    },
  });
  expect(tried.status(), await tried.text()).toBe(201);
  const test1 = await tried.json();
  expect(test1).toEqual({
    id: expect.any(String), status: 200, error: null, duration_ms: expect.any(Number), created_on: expect.stringMatching(/Z$/),
    // A credential's value is not kept.
    request: { method: 'GET', url: `${base}/slots?day=mon&who=Ana`, headers: { Authorization: '(hidden)' }, body: '' },
    response: { slots: [{ id: 1, label: 'Morning' }], asked: '/slots?day=mon&who=Ana', auth: 'Bearer t0k' },
  });
  expect(await (await request.get(`/api/flow/action-test/${test1.id}`, { headers: h })).json()).toEqual(test1);

  // An answer that is not 2xx, and none at all, are trials too.
  const missing = await (await request.post('/api/flow/action-test', { headers: h, data: { action_request_url: `${base}/missing` } })).json();
  expect(missing).toMatchObject({ status: 404, error: null });
  const down = await (await request.post('/api/flow/action-test', { headers: h, data: { action_request_url: 'http://127.0.0.1:9/x' } })).json();
  expect(down).toMatchObject({ status: null, response: '', error: expect.stringContaining('ECONNREFUSED') });
  const bad = await request.post('/api/flow/action-test', {
    headers: h,
    data: { action_request_method: 'FETCH', action_request_url: '', action_request_headers: { 'Bad Name': 'x' }, test_values: { '__proto__.polluted': 'yes', 'step.__proto__.x': 'y' } },
  });
  expect(bad.status()).toBe(400);
  const errors = await bad.json();
  expect(Object.keys(errors).sort()).toEqual(['action_request_headers', 'action_request_method', 'action_request_url', 'test_values']);
  expect(errors.action_request_headers).toEqual({ 'Bad Name': ['Invalid key: "Bad Name" is not a valid header name: use letters, digits and - (no spaces).'] });
  // A value that cannot go in a header (a line break, from a variable) sends nothing, and says so.
  const broken = await request.post('/api/flow/action-test', {
    headers: h, data: { action_request_url: `${base}/slots`, action_request_headers: { 'X-Who': '{{contact.first_name}}' }, test_values: { 'contact.first_name': 'Ana\r\nX-Evil: 1' } },
  });
  expect(broken.status(), await broken.text()).toBe(201);
  expect(await broken.json()).toMatchObject({ status: null, error: expect.stringContaining('could not be sent') });
  // Private and reserved addresses are refused, as in a run (this server allows only 127.0.0.1).
  const metadata = await (await request.post('/api/flow/action-test', { headers: h, data: { action_request_url: 'http://169.254.169.254/latest/meta-data' } })).json();
  expect(metadata).toMatchObject({ status: null, error: expect.stringContaining('private or reserved address') });

  // A step names its trial; the builder reads it back.
  const flow = await request.post('/api/flow', { headers: h, data: { name: 'Tried', steps: [{ ...STEPS()[0], next_step_alternate_idx: null, next_step_default_idx: null, action_test_response_data: test1.id }] } });
  expect(flow.status(), await flow.text()).toBe(201);
  expect((await flow.json()).steps[0].action_test_response_data).toBe(test1.id);

  const other = await newAccount(request);
  expect((await request.get(`/api/flow/action-test/${test1.id}`, { headers: other.admin.headers })).status()).toBe(404);
  expect((await request.get(`/api/flow/action-test/${test1.id}`)).status()).toBe(401);
  expect((await request.post('/api/flow/action-test', { data: { action_request_url: `${base}/slots` } })).status()).toBe(401);
});
