import { expect, test, type APIRequestContext } from '@playwright/test';
import { ISO, NOT_FOUND, NOT_PROVIDED, UUID, memberWithKey, newAccount, uniquePhone, type TestAccount } from './factories';
import { createHmac } from 'node:crypto';
import { Receiver } from './receiver';

// Flows through the API: create, read, replace, patch and delete with per-step validation and
// versions; executions run on the sandbox channel, answered from the sandbox phone: branches,
// re-asked answers, INBOUND triggers, ACTION answers used as variables, expiry with the test
// clock, counters against a recount, the two webhook events, and account isolation.

let acme: TestAccount;
let other: TestAccount;
let receiver: Receiver;

test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
  other = await newAccount(request);
  receiver = await new Receiver().start();
  // The sandbox channel, which the flows send on.
  for (const account of [acme, other]) {
    const res = await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone: uniquePhone(), text: 'hi' } });
    expect(res.status(), await res.text()).toBe(201);
  }
});
test.afterAll(async () => receiver.stop());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function createFlow(request: APIRequestContext, account: TestAccount, body: Json): Promise<Json> {
  const res = await request.post('/api/flow', { headers: account.admin.headers, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function run(request: APIRequestContext, account: TestAccount, flowId: string, body: Json): Promise<Json> {
  const res = await request.post(`/api/flow/${flowId}/run`, { headers: account.admin.headers, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

const listFor = (phones: string[], extra: Json = {}) => ({
  execute_for: 'LIST', contact_lists: [{ source: 'LIST', contact_list: phones.map((phone) => ({ phone, ...extra })) }],
});

async function execution(request: APIRequestContext, account: TestAccount, id: string): Promise<Json> {
  return (await request.get(`/api/flow-execution/${id}`, { headers: account.admin.headers })).json();
}

async function contactsOf(request: APIRequestContext, account: TestAccount, executionId: string): Promise<Json[]> {
  const res = await request.get(`/api/flow-execution-contact?flow_execution=${executionId}&page_size=500`, { headers: account.admin.headers });
  expect(res.status()).toBe(200);
  return (await res.json()).results;
}

/** What the sandbox phone received from the account, oldest first. */
async function received(request: APIRequestContext, account: TestAccount, phone: string): Promise<string[]> {
  const res = await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}&page_size=100`, { headers: account.admin.headers });
  const page = await res.json();
  return (page.results as Json[]).filter((m) => m.direction === 'OUTBOUND').map((m) => m.body as string);
}

async function reply(request: APIRequestContext, account: TestAccount, phone: string, text: string) {
  const res = await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone, text } });
  expect(res.status(), await res.text()).toBe(201);
}

async function waitFor(request: APIRequestContext, account: TestAccount, phone: string, count: number): Promise<string[]> {
  let got: string[] = [];
  await expect.poll(async () => (got = await received(request, account, phone)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return got;
}

/** A question that waits 5 minutes for an answer, then thanks or says it was too slow. */
const TIMED_STEPS = [
  {
    ordering_idx: 0, step_type: 'QUESTION', body: 'Quick!', answer_type: 'ANY', has_max_wait_time: true, max_wait_time_amount: 5,
    max_wait_time_unit: 'MINUTE', next_step_default_idx: 1, next_step_alternate_idx: 2,
  },
  { ordering_idx: 1, step_type: 'MESSAGE', body: 'Thanks.' },
  { ordering_idx: 2, step_type: 'MESSAGE', body: 'Too slow.' },
];

const QUALIFY = {
  name: 'Qualify', flow_execution_variables: ['promo'],
  steps: [
    { ordering_idx: 0, step_type: 'MESSAGE', body: 'Hola {{contact.first_name}}, promo {{flow_execution_variables.promo}}.', next_step_default_idx: 1 },
    {
      ordering_idx: 1, name: 'interest', step_type: 'QUESTION', body: '¿Te interesa?', answer_type: 'SINGLE_OPTION',
      answer_options: ['Sí', 'No'], answer_options_render: 'BUTTONS', next_step_default_idx: 2,
    },
    {
      ordering_idx: 2, step_type: 'CONDITIONAL', conditions: [{ field: 'step.interest', comparison: 'exact', value: 'si' }],
      next_step_default_idx: 3, next_step_alternate_idx: 4,
    },
    { ordering_idx: 3, step_type: 'TAG', contact_tags: ['interested'], next_step_default_idx: 4 },
    { ordering_idx: 4, step_type: 'END' },
  ],
};

test.describe('flows', () => {
  test('create, get, list, replace (a new version), patch and delete', async ({ request }) => {
    const created = await createFlow(request, acme, QUALIFY);
    expect(created).toMatchObject({
      id: expect.stringMatching(UUID), name: 'Qualify', is_active: true, execution_type: 'OUTBOUND', flow_end_action: 'NONE',
      flow_execution_variables: ['promo'], version: 1, executions: 0, channel: null, created_on: expect.stringMatching(ISO),
      created_by: { id: acme.admin.id, email: acme.admin.email },
    });
    expect(created.steps).toHaveLength(5);
    expect(created.steps[1]).toMatchObject({
      id: expect.any(Number), flow: created.id, name: 'interest', step_type: 'QUESTION', ordering_idx: 1, answer_type: 'SINGLE_OPTION',
      answer_options: ['Sí', 'No'], answer_options_render: 'BUTTONS', next_step_default_idx: 2, max_answer_attempts: 3,
    });
    expect(created.steps[2].conditions[0]).toEqual({ id: expect.stringMatching(UUID), field: 'step.interest', comparison: 'exact', value: 'si' });

    const got = await (await request.get(`/api/flow/${created.id}/`, { headers: acme.agent.headers })).json();
    expect(got).toEqual(created);
    const list = await (await request.get('/api/flow?search=qualif', { headers: acme.admin.headers })).json();
    expect(list.results.map((f: Json) => f.id)).toContain(created.id);

    const replaced = await request.put(`/api/flow/${created.id}`, { headers: acme.admin.headers, data: { ...QUALIFY, name: 'Qualify 2', steps: QUALIFY.steps.slice(3) .map((s, i) => ({ ...s, ordering_idx: i, next_step_default_idx: i === 0 ? 1 : undefined })) } });
    expect(replaced.status(), await replaced.text()).toBe(200);
    const v2 = await replaced.json();
    expect(v2).toMatchObject({ name: 'Qualify 2', version: 2 });
    expect(v2.steps.map((s: Json) => s.step_type)).toEqual(['TAG', 'END']);

    const patched = await (await request.patch(`/api/flow/${created.id}`, { headers: acme.admin.headers, data: { is_active: false } })).json();
    expect(patched).toMatchObject({ is_active: false, version: 2, name: 'Qualify 2' });

    expect((await request.delete(`/api/flow/${created.id}`, { headers: acme.admin.headers })).status()).toBe(204);
    expect((await request.get(`/api/flow/${created.id}`, { headers: acme.admin.headers })).status()).toBe(404);
  });

  test('steps are checked before anything is stored; errors name steps by index', async ({ request }) => {
    const res = await request.post('/api/flow', {
      headers: acme.admin.headers,
      data: {
        name: 'Broken',
        steps: [
          { ordering_idx: 0, step_type: 'MESSAGE', body: 'Hi {{step.nope}}', next_step_default_idx: 9 },
          { ordering_idx: 1, step_type: 'QUESTION', body: 'Pick', answer_type: 'SINGLE_OPTION', answer_options: ['a', 'b', 'c', 'd'], answer_options_render: 'BUTTONS' },
          { ordering_idx: 2, step_type: 'BOGUS' },
          { ordering_idx: 3, step_type: 'ACTION' },
        ],
      },
    });
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body.steps['0'].next_step_default_idx).toEqual(['No step has ordering_idx 9.']);
    expect(body.steps['0'].body).toEqual(['{{step.nope}}: no step is named "nope".']);
    expect(body.steps['1'].answer_options).toEqual(['At most 3 options render as buttons.']);
    expect(body.steps['2'].step_type[0]).toMatch(/^"BOGUS" is not a valid choice/);
    expect(body.steps['3'].action_request_url).toEqual(['Enter an http(s) URL (variables allowed).']);

    const noFirst = await request.post('/api/flow', { headers: acme.admin.headers, data: { name: 'x', steps: [{ ordering_idx: 1, step_type: 'END' }] } });
    expect(await noFirst.json()).toEqual({ steps: ['The first step is the one with ordering_idx 0: no step has it.'] });
    const none = await request.post('/api/flow', { headers: acme.admin.headers, data: { name: 'x', steps: [] } });
    expect(await none.json()).toEqual({ steps: ['A flow needs at least one step.'] });
    const twice = await request.post('/api/flow', {
      headers: acme.admin.headers,
      data: { name: 'x', steps: [{ ordering_idx: 0, step_type: 'QUESTION', body: 'Pick', answer_type: 'SINGLE_OPTION', answer_options: ['a', 'a'], answer_options_render: 'BUTTONS' }] },
    });
    expect([twice.status(), (await twice.json()).steps?.['0']?.answer_options]).toEqual([400, ['Each option once: "a" is listed twice.']]);
  });

  test('a run for a CSV upload takes every contact of the file: those it created and those it updated', async ({ request }) => {
    const account = await newAccount(request);
    await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone: uniquePhone(), text: 'hi' } });
    const [known, fresh, outside] = [uniquePhone(), uniquePhone(), uniquePhone()];
    for (const phone of [known, outside]) {
      expect((await request.post('/api/contact', { headers: account.admin.headers, data: { phone } })).status()).toBe(201);
    }
    const upload = await request.post('/api/contact/upload', {
      headers: { ...account.admin.headers, 'Content-Type': 'text/csv' }, data: `phone,first_name\n${known},Known\n${fresh},Fresh\n`,
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const { upload_group_id: id } = await upload.json();
    await expect.poll(async () => (await (await request.get(`/api/contact/upload/${id}`, { headers: account.admin.headers })).json()).status,
      { timeout: 20_000 }).toBe('COMPLETED');
    const flow = await createFlow(request, account, { name: 'File', steps: [{ ordering_idx: 0, step_type: 'MESSAGE', body: 'Hi {{contact.first_name}}.' }] });
    const e = await run(request, account, flow.id, { execute_for: 'LIST', contact_lists: [{ source: 'FILE', contact_file: { upload_group_id: id }, contact_list: [] }] });
    await expect.poll(async () => (await execution(request, account, e.id)).status, { timeout: 20_000 }).toBe('COMPLETED');
    const phones = (await contactsOf(request, account, e.id)).map((c) => c.contact.canonical_phone).sort();
    expect(phones).toEqual([known, fresh].sort());
    expect(await waitFor(request, account, known, 1)).toEqual(['Hi Known.']);
    expect(await received(request, account, outside)).toEqual([]);
  });

  test('a flow runs for three contacts: each answer takes its branch; counters equal a recount', async ({ request }) => {
    const flow = await createFlow(request, acme, QUALIFY);
    const phones = [uniquePhone(), uniquePhone(), uniquePhone()];
    const e = await run(request, acme, flow.id, { ...listFor(phones, { first_name: 'Ana' }), flow_execution_variables: { promo: 'NOV10' } });
    expect(e).toMatchObject({
      id: expect.stringMatching(UUID), status: 'PROCESSING', execute_for: 'LIST', execution_type: 'OUTBOUND', version: 1,
      flow: { id: flow.id, name: 'Qualify' }, flow_execution_variables: { promo: 'NOV10' }, has_priority: false, start_on: null,
    });
    for (const phone of phones) {
      const got = await waitFor(request, acme, phone, 2);
      // Options rendered as BUTTONS go as an interactive message: its text is the question, the buttons are on the wire object.
      expect(got.slice(0, 2)).toEqual(['Hola Ana, promo NOV10.', '¿Te interesa?']);
    }
    await reply(request, acme, phones[0], 'SI');
    await reply(request, acme, phones[1], '2');
    await reply(request, acme, phones[2], 'Sí');
    await expect.poll(async () => (await execution(request, acme, e.id)).status, { timeout: 20_000 }).toBe('COMPLETED');
    const done = await execution(request, acme, e.id);
    const contacts = await contactsOf(request, acme, e.id);
    expect(contacts.map((c) => c.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    expect(done).toMatchObject({ pending: 0, active: 0, completed: 3, expired: 0, failed: 0, canceled: 0 });
    for (const [i, phone] of phones.entries()) {
      const c = contacts.find((x) => x.contact.canonical_phone === phone)!;
      expect(c.variables).toEqual({ interest: i === 1 ? 'No' : 'Sí' });
      expect(c.contact.tags.map((t: Json) => t.name)).toEqual(i === 1 ? [] : ['interested']);
      const detail = await (await request.get(`/api/flow-execution-contact/${c.id}`, { headers: acme.admin.headers })).json();
      expect(detail.flow_execution.id).toBe(e.id);
      expect(detail.execution_steps.map((s: Json) => s.step.step_type)).toEqual(
        i === 1 ? ['MESSAGE', 'QUESTION', 'CONDITIONAL', 'END'] : ['MESSAGE', 'QUESTION', 'CONDITIONAL', 'TAG', 'END'],
      );
      expect(detail.execution_steps[2].execution_result.branch).toBe(i === 1 ? 'otherwise' : 'then');
      expect(detail.execution_steps[1]).toMatchObject({ status: 'COMPLETED', execution_result: { answer: i === 1 ? 'No' : 'Sí' }, messages: [{ message: expect.objectContaining({
        id: expect.stringMatching(UUID), direction: 'OUTBOUND', contact: c.contact.id, body: expect.any(String), status: expect.any(String),
      }) }] });
    }
  });

  test('a wrong NUMBER answer gets the validation message and the question again', async ({ request }) => {
    const flow = await createFlow(request, acme, {
      name: 'Age',
      steps: [
        {
          ordering_idx: 0, name: 'age', step_type: 'QUESTION', body: 'How old are you?', answer_type: 'NUMBER', answer_has_range: true,
          answer_range_min: 1, answer_range_max: 120, answer_validation_message: 'A number from 1 to 120, please.', next_step_default_idx: 1,
        },
        { ordering_idx: 1, step_type: 'MESSAGE', body: 'You are {{step.age}}.' },
      ],
    });
    const phone = uniquePhone();
    const e = await run(request, acme, flow.id, listFor([phone]));
    await waitFor(request, acme, phone, 1);
    await reply(request, acme, phone, 'old');
    await waitFor(request, acme, phone, 2);
    await reply(request, acme, phone, '300');
    await waitFor(request, acme, phone, 3);
    await reply(request, acme, phone, '42');
    const got = await waitFor(request, acme, phone, 4);
    expect(got).toEqual([
      'How old are you?', 'A number from 1 to 120, please.\n\nHow old are you?', 'A number from 1 to 120, please.\n\nHow old are you?', 'You are 42.',
    ]);
    await expect.poll(async () => (await execution(request, acme, e.id)).completed, { timeout: 10_000 }).toBe(1);
  });

  test('a CONTACT_UPDATE step saves what the contact API would take and logs what it refused', async ({ request }) => {
    const flow = await createFlow(request, acme, {
      name: 'Profile',
      steps: [
        { ordering_idx: 0, name: 'color', step_type: 'QUESTION', body: 'Your color?', answer_type: 'FREE_TEXT', next_step_default_idx: 1 },
        {
          ordering_idx: 1, step_type: 'CONTACT_UPDATE', next_step_default_idx: 2,
          contact_update_fields: { email: '{{step.color}}', external_id: '{{step.color}}', 'meta.color': '{{step.color}}' },
        },
        { ordering_idx: 2, step_type: 'MESSAGE', body: 'Saved.' },
      ],
    });
    const phone = uniquePhone();
    const e = await run(request, acme, flow.id, listFor([phone]));
    await waitFor(request, acme, phone, 1);
    const answer = 'Azul "quoted" ñ';
    await reply(request, acme, phone, answer);
    expect(await waitFor(request, acme, phone, 2)).toEqual(['Your color?', 'Saved.']);
    const found = await (await request.get(`/api/contact?search=${encodeURIComponent(phone)}`, { headers: acme.admin.headers })).json();
    const contact = found.results[0];
    expect(contact).toMatchObject({ email: null, external_id: answer, meta: { color: answer } });
    // The contact's own fields still pass the contact API, so an agent can edit it.
    const { id, phone: p, first_name, last_name, email, external_id, meta } = contact;
    const edited = await request.put(`/api/contact/${id}`, { headers: acme.admin.headers, data: { phone: p, first_name, last_name: 'Edited', email, external_id, meta } });
    expect(edited.status(), await edited.text()).toBe(200);
    const [one] = await contactsOf(request, acme, e.id);
    const detail = await (await request.get(`/api/flow-execution-contact/${one.id}`, { headers: acme.admin.headers })).json();
    const update = detail.execution_steps.find((x: Json) => x.step.step_type === 'CONTACT_UPDATE');
    expect(update).toMatchObject({ status: 'COMPLETED', last_error_detail: `email not set to ${JSON.stringify(answer)}: Enter a valid email address.` });
  });

  test('a run\'s contact list follows the contact API\'s rules for its fields', async ({ request }) => {
    const flow = await createFlow(request, acme, { name: 'List rules', steps: [{ ordering_idx: 0, step_type: 'END' }] });
    const bad = await request.post(`/api/flow/${flow.id}/run`, { headers: acme.admin.headers, data: listFor([uniquePhone()], { email: 'not-an-email' }) });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ contact_lists: [{ contact_list: [{ email: ['Enter a valid email address.'] }] }] });
    const phone = uniquePhone();
    await run(request, acme, flow.id, listFor([phone], { first_name: '  ', email: ' ana@example.com ', meta: { a: { b: 1 }, n: 5 } }));
    let contact: Json | undefined;
    await expect.poll(async () => {
      contact = (await (await request.get(`/api/contact?search=${phone.slice(-8)}`, { headers: acme.admin.headers })).json()).results[0];
      return contact?.canonical_phone;
    }, { timeout: 30_000 }).toBe(phone);
    expect(contact).toMatchObject({ first_name: null, email: 'ana@example.com', meta: { a: '{"b":1}', n: '5' } });

    // Every field the contact API takes is kept (external id, assignees, notes, tags); another
    // account's member is refused as POST /api/contact refuses it, and nothing is stored.
    const foreign = await request.post(`/api/flow/${flow.id}/run`, {
      headers: acme.admin.headers, data: listFor([uniquePhone(), uniquePhone()], { default_assignees: [{ id: other.admin.id }] }),
    });
    expect(foreign.status()).toBe(400);
    expect(await foreign.json()).toEqual({ contact_lists: [{ contact_list: [
      { default_assignees: [`Invalid pk "${other.admin.id}" - object does not exist.`] },
      { default_assignees: [`Invalid pk "${other.admin.id}" - object does not exist.`] },
    ] }] });
    const full = uniquePhone();
    await run(request, acme, flow.id, listFor([full], {
      external_id: 'crm-7', default_assignees: [{ id: acme.agent.id }], notes: [{ notes: 'from the run' }], tags: [{ name: 'vip' }],
      is_deleted: true, // a run is for the contact: it cannot delete it
    }));
    let kept: Json | undefined;
    await expect.poll(async () => {
      kept = (await (await request.get(`/api/contact?search=${full.slice(-8)}`, { headers: acme.admin.headers })).json()).results[0];
      return kept?.canonical_phone;
    }, { timeout: 30_000 }).toBe(full);
    expect(kept).toMatchObject({ external_id: 'crm-7', source: 'flow', tags: [{ name: 'vip' }], notes: [{ notes: 'from the run' }], is_deleted: false });
    expect((kept!.default_assignees as Json[]).map((u) => u.id)).toEqual([acme.agent.id]);
  });

  test('a loop that never waits fails its contact instead of running forever, also through a DELAY already over', async ({ request }) => {
    const flow = await createFlow(request, acme, {
      name: 'Endless',
      steps: [
        { ordering_idx: 0, step_type: 'MESSAGE', body: 'Going round', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'GO_TO', next_step_default_idx: 1 },
      ],
    });
    const phone = uniquePhone();
    const e = await run(request, acme, flow.id, listFor([phone]));
    await expect.poll(async () => (await contactsOf(request, acme, e.id))[0]?.status, { timeout: 20_000 }).toBe('FAILED');
    const [fec] = await contactsOf(request, acme, e.id);
    expect(fec.reason).toMatch(/went round a loop without waiting/);
    const page = await request.get(`/api/flow-execution-contact/${fec.id}`, { headers: acme.admin.headers });
    expect(page.status()).toBe(200);
    const steps = ((await page.json()).execution_steps as Json[]).map((x) => x.step.step_type);
    expect(steps).toEqual(['MESSAGE', ...Array(10).fill('GO_TO')]);
    expect(await received(request, acme, phone)).toEqual(['Going round']);
    await expect.poll(async () => (await execution(request, acme, e.id)).failed, { timeout: 10_000 }).toBe(1);

    // An account with working hours off (as a new one is): a DELAY until working hours is over as soon as it is reached.
    const fresh = await newAccount(request);
    expect((await request.post('/api/channels/sandbox/inbound', { headers: fresh.admin.headers, data: { phone: uniquePhone(), text: 'hi' } })).status()).toBe(201);
    const viaDelay = await createFlow(request, fresh, {
      name: 'Endless with a delay',
      steps: [
        { ordering_idx: 0, step_type: 'MESSAGE', body: 'Once more', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'DELAY', delay_type: 'WORKING_HOURS', next_step_default_idx: 0 },
      ],
    });
    const again = uniquePhone();
    const second = await run(request, fresh, viaDelay.id, listFor([again]));
    await expect.poll(async () => (await contactsOf(request, fresh, second.id))[0]?.status, { timeout: 20_000 }).toBe('FAILED');
    expect(await waitFor(request, fresh, again, 10)).toEqual(Array(10).fill('Once more'));
  });

  test('flows that start each other without ever waiting fail the contact after 20 flows, instead of messaging it for ever', async ({ request }) => {
    const ping = await createFlow(request, acme, { name: 'Ping', steps: [{ ordering_idx: 0, step_type: 'END' }] });
    const pong = await createFlow(request, acme, {
      name: 'Pong',
      steps: [
        { ordering_idx: 0, step_type: 'MESSAGE', body: 'Pong', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'TRIGGER_FLOW', trigger_flow: ping.id },
      ],
    });
    const edited = await request.put(`/api/flow/${ping.id}`, {
      headers: acme.admin.headers,
      data: {
        name: 'Ping',
        steps: [
          { ordering_idx: 0, step_type: 'MESSAGE', body: 'Ping', next_step_default_idx: 1 },
          { ordering_idx: 1, step_type: 'TRIGGER_FLOW', trigger_flow: pong.id },
        ],
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    const phone = uniquePhone();
    await run(request, acme, ping.id, listFor([phone]));
    const ofFlow = async (flowId: string) => (await (await request.get(`/api/flow-execution-contact?flow_execution__flow=${flowId}&search=${encodeURIComponent(phone)}&page_size=100`,
      { headers: acme.admin.headers })).json()).results as Json[];
    await expect.poll(async () => (await ofFlow(pong.id)).filter((c) => c.status === 'FAILED').length, { timeout: 30_000 }).toBe(1);
    const [pings, pongs] = [await ofFlow(ping.id), await ofFlow(pong.id)];
    expect(pings.map((c) => c.status)).toEqual(Array(10).fill('COMPLETED'));
    expect(pongs.filter((c) => c.status === 'COMPLETED')).toHaveLength(9);
    expect(pongs.find((c) => c.status === 'FAILED')?.reason).toMatch(/went through 20 flows, each starting the next, without waiting/);
    expect(await waitFor(request, acme, phone, 20)).toEqual(Array(10).fill(['Ping', 'Pong']).flat());
    // Nothing more afterwards.
    await new Promise((r) => setTimeout(r, 2000));
    expect(await received(request, acme, phone)).toHaveLength(20);
    expect(await ofFlow(ping.id)).toHaveLength(10);
  });

  test('a flow another flow starts is not deleted; a flow never published cannot be started by one', async ({ request }) => {
    const account = await newAccount(request);
    const target = await createFlow(request, account, { name: 'Target', steps: [{ ordering_idx: 0, step_type: 'END' }] });
    const starter = await createFlow(request, account, {
      name: 'Starter', steps: [{ ordering_idx: 0, step_type: 'TRIGGER_FLOW', trigger_flow: target.id }],
    });
    const refused = await request.delete(`/api/flow/${target.id}`, { headers: account.admin.headers });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ non_field_errors: ['"Starter" starts this flow: change its "Start flow" step before deleting it.'] });
    // Once the starter's published steps no longer start it, it goes.
    const changed = await request.put(`/api/flow/${starter.id}`, { headers: account.admin.headers, data: { name: 'Starter', steps: [{ ordering_idx: 0, step_type: 'END' }] } });
    expect(changed.status(), await changed.text()).toBe(200);
    expect((await request.delete(`/api/flow/${target.id}`, { headers: account.admin.headers })).status()).toBe(204);

    const draftOnly = await request.post('/api/flow', { headers: account.admin.headers, data: { name: 'Only a draft', status: 'DRAFT', steps: [{ ordering_idx: 0, step_type: 'END' }] } });
    expect(draftOnly.status(), await draftOnly.text()).toBe(201);
    const toDraft = await request.post('/api/flow', {
      headers: account.admin.headers, data: { name: 'Starts a draft', steps: [{ ordering_idx: 0, step_type: 'TRIGGER_FLOW', trigger_flow: (await draftOnly.json()).id }] },
    });
    expect(toDraft.status()).toBe(400);
    expect(await toDraft.json()).toEqual({ steps: { 0: { trigger_flow: ['This flow has never been published: publish it first, or start another.'] } } });
  });

  test('an ACTION\'s JSON answer is used in the next message; a failing one takes the alternate branch', async ({ request }) => {
    let calls = 0;
    const http = await import('node:http');
    const api = http.createServer((req, res) => {
      calls += 1;
      res.writeHead(req.url?.startsWith('/order?id=A-1') ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ order: { status: 'shipped' } }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const port = (api.address() as { port: number }).port;
    const flow = await createFlow(request, acme, {
      name: 'Lookup', flow_execution_variables: ['id'],
      steps: [
        {
          ordering_idx: 0, name: 'lookup', step_type: 'ACTION', action_request_method: 'GET', action_request_url: `http://127.0.0.1:${port}/order`,
          action_request_params: { id: '{{flow_execution_variables.id}}' }, next_step_default_idx: 1, next_step_alternate_idx: 2,
        },
        { ordering_idx: 1, step_type: 'MESSAGE', body: 'Your order is {{step.lookup.order.status}}.' },
        { ordering_idx: 2, step_type: 'MESSAGE', body: 'We could not find it.' },
      ],
    });
    const [a, b] = [uniquePhone(), uniquePhone()];
    await run(request, acme, flow.id, { ...listFor([a]), flow_execution_variables: { id: 'A-1' } });
    await run(request, acme, flow.id, { ...listFor([b]), flow_execution_variables: { id: 'B-2' } });
    expect(await waitFor(request, acme, a, 1)).toEqual(['Your order is shipped.']);
    expect(await waitFor(request, acme, b, 1)).toEqual(['We could not find it.']);
    expect(calls).toBe(2);
    api.close();
  });

  test('contacts waiting on a slow ACTION hold up no other contact\'s steps', async ({ request }) => {
    const http = await import('node:http');
    const held: import('node:http').ServerResponse[] = [];
    const slow = http.createServer((_req, res) => { held.push(res); });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const account = await newAccount(request);
    await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone: uniquePhone(), text: 'hi' } });
    const slowFlow = await createFlow(request, account, {
      name: 'Slow lookup',
      steps: [
        { ordering_idx: 0, name: 'lookup', step_type: 'ACTION', action_request_url: `http://127.0.0.1:${(slow.address() as { port: number }).port}/wait`, next_step_default_idx: 1, next_step_alternate_idx: 1 },
        { ordering_idx: 1, step_type: 'MESSAGE', body: 'Looked up.' },
      ],
    });
    const quick = await createFlow(request, account, { name: 'Quick', steps: [{ ordering_idx: 0, step_type: 'MESSAGE', body: 'Hello at once.' }] });
    // More contacts in the slow ACTION than a process runs flow steps for at once (FLOW_WORKERS × FLOW_BATCH, 20).
    const waiting = Array.from({ length: 24 }, () => uniquePhone());
    const s = await run(request, account, slowFlow.id, listFor(waiting));
    await expect.poll(() => held.length, { timeout: 20_000 }).toBe(24);
    const other = uniquePhone();
    await run(request, account, quick.id, listFor([other]));
    expect(await waitFor(request, account, other, 1)).toEqual(['Hello at once.']);
    // All of them were still waiting on their requests meanwhile.
    expect(held.filter((r) => !r.writableEnded)).toHaveLength(24);
    await expect.poll(async () => (await contactsOf(request, account, s.id)).map((c) => c.waiting)).toEqual(Array(24).fill('ACTION'));
    for (const res of held) res.end('{"ok": true}');
    await expect.poll(async () => (await execution(request, account, s.id)).completed, { timeout: 20_000 }).toBe(24);
    const [c] = await contactsOf(request, account, s.id);
    const detail = await (await request.get(`/api/flow-execution-contact/${c.id}`, { headers: account.admin.headers })).json();
    expect(detail.execution_steps[0]).toMatchObject({ status: 'COMPLETED', execution_result: { status: 200, response: { ok: true }, branch: 'success' } });
    expect(detail.execution_steps[0].execution_result).not.toHaveProperty('answered');
    slow.close();
  });

  test('an unanswered question expires after 24 hours (test clock); a QUESTION with a max wait takes its timeout branch', async ({ request }) => {
    const flow = await createFlow(request, acme, {
      name: 'Waits',
      steps: [
        { ordering_idx: 0, step_type: 'QUESTION', body: 'Still there?', answer_type: 'ANY', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'END' },
      ],
    });
    const timed = await createFlow(request, acme, {
      name: 'Timed',
      steps: TIMED_STEPS,
    });
    const account = await newAccount(request);
    await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone: uniquePhone(), text: 'hi' } });
    const accountFlow = await createFlow(request, account, { name: 'Waits', steps: flow.steps.map(({ id, flow: f, ...s }: Json) => s) });
    const accountTimed = await createFlow(request, account, { name: 'Timed', steps: timed.steps.map(({ id, flow: f, ...s }: Json) => s) });
    const [p, q] = [uniquePhone(), uniquePhone()];
    const e = await run(request, account, accountFlow.id, listFor([p]));
    const t = await run(request, account, accountTimed.id, listFor([q]));
    await waitFor(request, account, p, 1);
    await waitFor(request, account, q, 1);
    const advance = async (seconds: number) => {
      const res = await request.post('/api/test/flow-clock', { headers: account.admin.headers, data: { seconds } });
      expect(res.status(), await res.text()).toBe(200);
    };
    await advance(6 * 60);
    expect(await waitFor(request, account, q, 2)).toEqual(['Quick!', 'Too slow.']);
    expect((await execution(request, account, e.id)).status).toBe('RUNNING');
    await advance(24 * 3600);
    await expect.poll(async () => (await execution(request, account, e.id)).expired, { timeout: 15_000 }).toBe(1);
    const [c] = await contactsOf(request, account, e.id);
    expect(c).toMatchObject({ status: 'EXPIRED', is_active: false, reason: 'No answer within 24 hours.' });
    expect((await execution(request, account, t.id))).toMatchObject({ status: 'COMPLETED', completed: 1 });
  });

  test('a paused contact whose wait ends is not run until its execution is resumed, then takes the timeout branch', async ({ request }) => {
    const account = await newAccount(request);
    await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone: uniquePhone(), text: 'hi' } });
    const flow = await createFlow(request, account, {
      name: 'Timed, paused',
      steps: TIMED_STEPS,
    });
    const phone = uniquePhone();
    const e = await run(request, account, flow.id, listFor([phone]));
    await waitFor(request, account, phone, 1);
    const paused = await request.post(`/api/flow-execution/${e.id}/pause`, { headers: account.admin.headers });
    expect(paused.status()).toBe(200);
    const clock = await request.post('/api/test/flow-clock', { headers: account.admin.headers, data: { seconds: 6 * 60 } });
    expect(await clock.json(), 'the wait is over, but the contact is paused: no run').toEqual({ due: 0 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await received(request, account, phone)).toEqual(['Quick!']);
    expect((await contactsOf(request, account, e.id))[0].status).toBe('PAUSED');
    await request.post(`/api/flow-execution/${e.id}/resume`, { headers: account.admin.headers });
    expect(await waitFor(request, account, phone, 2)).toEqual(['Quick!', 'Too slow.']);
    await expect.poll(async () => (await execution(request, account, e.id)).status, { timeout: 15_000 }).toBe('COMPLETED');
  });

  test('an INBOUND flow starts on its trigger text and not on other text; both webhook events are delivered', async ({ request }) => {
    const account = await newAccount(request);
    const sub = await request.post('/api/webhook-subscription', {
      headers: account.admin.headers,
      data: { events: ['flow_execution_contact.running_inbound', 'flow_execution_contact.completed'], target: receiver.url('/flows-in') },
    });
    expect(sub.status()).toBe(201);
    const flow = await createFlow(request, account, {
      name: 'Support', execution_type: 'INBOUND',
      steps: [
        { ordering_idx: 0, name: 'topic', step_type: 'MENU', body: 'What about?', answer_options: ['Orders', 'Billing'], next_steps_for_options_idx: [1, 2] },
        { ordering_idx: 1, step_type: 'MESSAGE', body: 'Orders team here.' },
        { ordering_idx: 2, step_type: 'MESSAGE', body: 'Billing team here.' },
      ],
    });
    const e = await run(request, account, flow.id, { execute_for: 'ALL', inbound_trigger_with: 'TEXT', inbound_start_message: 'ayuda' });
    await expect.poll(async () => (await execution(request, account, e.id)).status, { timeout: 10_000 }).toBe('RUNNING');
    // The executions that listen: RUNNING, of type INBOUND (the list's status and execution_type filters).
    const listed = async (query: string) => (await (await request.get(`/api/flow-execution?flow=${flow.id}${query}`, { headers: account.admin.headers })).json()).count;
    expect([await listed('&status=RUNNING&execution_type=INBOUND'), await listed('&status=COMPLETED'), await listed('&execution_type=API')]).toEqual([1, 0, 0]);
    // A value outside a filter's set answers in django-filter's words (docs/api-conventions.md); empty is no filter.
    const sometimes = await request.get('/api/flow-execution?status=SOMETIMES', { headers: account.admin.headers });
    expect(sometimes.status()).toBe(400);
    expect(await sometimes.json()).toEqual({ status: ['Select a valid choice. SOMETIMES is not one of the available choices.'] });
    const stuck = await request.get('/api/flow-execution-contact?status=STUCK', { headers: account.admin.headers });
    expect(await stuck.json()).toEqual({ status: ['Select a valid choice. STUCK is not one of the available choices.'] });
    expect(await listed('&status=')).toBe(1);
    const [p, q] = [uniquePhone(), uniquePhone()];
    await reply(request, account, q, 'hello there');
    await reply(request, account, p, 'Necesito AYÚDA');
    expect(await waitFor(request, account, p, 1)).toEqual(['What about?\n\n1. Orders\n2. Billing']);
    await reply(request, account, p, 'billing');
    expect(await waitFor(request, account, p, 2)).toEqual(['What about?\n\n1. Orders\n2. Billing', 'Billing team here.']);
    expect(await received(request, account, q)).toEqual([]);
    await expect.poll(() => receiver.at('/flows-in').length, { timeout: 20_000 }).toBe(2);
    const events = receiver.at('/flows-in').map((r) => JSON.parse(r.body));
    expect(events.map((x) => x.type)).toEqual(['flow_execution_contact.running_inbound', 'flow_execution_contact.completed']);
    const [contacts] = [await contactsOf(request, account, e.id)];
    expect(contacts).toHaveLength(1);
    const detail = await (await request.get(`/api/flow-execution-contact/${contacts[0].id}`, { headers: account.admin.headers })).json();
    // The event carries the steps' messages as they were then; they move on (accepted, sent…) afterwards.
    const messageIds = (d: Json) => ({ ...d, execution_steps: (d.execution_steps as Json[]).map((s) => ({ ...s, messages: (s.messages as Json[]).map((m) => m.message.id) })) });
    expect(messageIds(events[1].data)).toEqual(messageIds(detail));
    expect(events[1].data.execution_steps.at(-1).messages[0].message).toMatchObject({ body: 'Billing team here.', direction: 'OUTBOUND' });
    expect(events[0].data).toMatchObject({ id: contacts[0].id, status: 'READY', flow_execution: { id: e.id } });
  });

  test('a hand-over to a team puts the conversation in its queue, and its strategy picks the member', async ({ request }) => {
    const account = await newAccount(request);
    const headers = account.admin.headers;
    const [amy, bob] = [await memberWithKey(request, account), await memberWithKey(request, account)];
    const team = await (await request.post('/api/team', {
      headers, data: { name: 'Billing', assignment_strategy: 'ROUND_ROBIN', members: [amy, bob].map((a) => ({ id: a.id })) },
    })).json();
    const other = await newAccount(request);
    const theirs = await (await request.post('/api/team', { headers: other.admin.headers, data: { name: 'Theirs', assignment_strategy: 'MANUAL', members: [] } })).json();
    const steps = (teamId: number) => [
      { ordering_idx: 0, step_type: 'MESSAGE', body: 'Passing you to billing.', next_step_default_idx: 1 },
      { ordering_idx: 1, step_type: 'CONVERSATION', assign_to_team: teamId },
    ];
    const refused = await request.post('/api/flow', { headers, data: { name: 'Wrong team', execution_type: 'INBOUND', inbound_trigger_with: 'ANY_MESSAGE', steps: steps(theirs.id) } });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ steps: { 1: { assign_to_team: [`Invalid pk "${theirs.id}" - object does not exist.`] } } });
    const flow = await createFlow(request, account, { name: 'To billing', execution_type: 'INBOUND', inbound_trigger_with: 'ANY_MESSAGE', steps: steps(team.id) });
    expect((flow.steps as Json[])[1]).toMatchObject({ step_type: 'CONVERSATION', assign_to_team: team.id, assign_to_users: [] });
    const e = await run(request, account, flow.id as string, { execute_for: 'ALL' });
    await expect.poll(async () => (await execution(request, account, e.id as string)).status, { timeout: 10_000 }).toBe('RUNNING');
    const phone = uniquePhone();
    await reply(request, account, phone, 'My invoice is wrong');
    expect(await waitFor(request, account, phone, 1)).toEqual(['Passing you to billing.']);
    const conversationOf = async () => (await (await request.get(`/api/inbox/conversation?search=${phone.slice(1)}`, { headers })).json()).results[0];
    await expect.poll(async () => (await conversationOf()).status, { timeout: 10_000 }).toBe('NEW');
    expect((await conversationOf()).assigned.map((u: Json) => u.id)).toEqual([amy.id]);
    // The agent it went to sees it in their inbox.
    expect((await request.get(`/api/inbox/conversation/${(await conversationOf()).id}`, { headers: amy.headers })).status()).toBe(200);
  });

  test('an inbound execution listens for its flow\'s trigger unless the request names another', async ({ request }) => {
    const account = await newAccount(request);
    const flow = await createFlow(request, account, {
      name: 'Help desk', execution_type: 'INBOUND', inbound_trigger_with: 'TEXT', inbound_start_message: 'help',
      steps: [{ ordering_idx: 0, step_type: 'MESSAGE', body: 'A person will answer shortly.' }],
    });
    const inherited = await run(request, account, flow.id, { execute_for: 'ALL' });
    expect(inherited).toMatchObject({ inbound_trigger_with: 'TEXT', inbound_start_message: 'help', inbound_start_message_match_exact: false });
    await expect.poll(async () => (await execution(request, account, inherited.id as string)).status, { timeout: 10_000 }).toBe('RUNNING');
    const [stranger, asker] = [uniquePhone(), uniquePhone()];
    await reply(request, account, stranger, 'Hi, can I change delivery to Dec 5?');
    await reply(request, account, asker, 'I need help');
    expect(await waitFor(request, account, asker, 1)).toEqual(['A person will answer shortly.']);
    expect(await received(request, account, stranger)).toEqual([]);
    await request.post(`/api/flow-execution/${inherited.id}/cancel`, { headers: account.admin.headers });
    const own = await run(request, account, flow.id, { execute_for: 'ALL', inbound_trigger_with: 'ANY_MESSAGE' });
    expect(own).toMatchObject({ inbound_trigger_with: 'ANY_MESSAGE', inbound_start_message: null });
  });

  test('an agent\'s reply takes the contact over: the flow ends and does not answer the contact\'s next message', async ({ request }) => {
    const account = await newAccount(request);
    const headers = account.admin.headers;
    const flow = await createFlow(request, account, {
      name: 'Orders', execution_type: 'INBOUND', inbound_trigger_with: 'ANY_MESSAGE',
      steps: [
        { ordering_idx: 0, name: 'order', step_type: 'QUESTION', body: 'What is your order number?', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'MESSAGE', body: 'Thanks, we are on it.' },
      ],
    });
    const e = await run(request, account, flow.id, { execute_for: 'ALL' });
    await expect.poll(async () => (await execution(request, account, e.id as string)).status, { timeout: 10_000 }).toBe('RUNNING');
    const phone = uniquePhone();
    await reply(request, account, phone, 'Hi, I was charged twice');
    expect(await waitFor(request, account, phone, 1)).toEqual(['What is your order number?']);
    const conversation = (await (await request.get(`/api/inbox/conversation?search=${phone.slice(1)}`, { headers })).json()).results[0];
    expect(conversation.status).toBe('FLOW');
    // A note changes nothing; a reply takes over.
    const note = await request.post(`/api/inbox/conversation/${conversation.id}/messages`, { headers, data: { body: 'Looking into it', internal: true } });
    expect(note.status(), await note.text()).toBe(201);
    expect((await (await request.get(`/api/inbox/conversation/${conversation.id}`, { headers })).json()).status).toBe('FLOW');
    const sent = await request.post(`/api/inbox/conversation/${conversation.id}/messages`, { headers, data: { body: 'Hi, Cara here. What can I help you with?' } });
    expect(sent.status(), await sent.text()).toBe(201);
    expect((await (await request.get(`/api/inbox/conversation/${conversation.id}`, { headers })).json()).status).toBe('IN_PROGRESS');
    const [fec] = await contactsOf(request, account, e.id as string);
    expect(fec).toMatchObject({ status: 'CANCELED', reason: 'An agent replied in the conversation.', is_active: false });
    await reply(request, account, phone, 'Can you refund one?');
    expect(await waitFor(request, account, phone, 2)).toEqual(['What is your order number?', 'Hi, Cara here. What can I help you with?']);
    // The flow stays out of it (the listening execution leaves a contact with an agent alone).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await received(request, account, phone)).toHaveLength(2);
  });

  test('a flow\'s changes of a conversation\'s status are conversation.updated events; a cancel resolves what it held', async ({ request }) => {
    const account = await newAccount(request);
    const headers = account.admin.headers;
    const sub = await request.post('/api/webhook-subscription', { headers, data: { events: ['conversation.updated'], target: receiver.url('/flow-conversations') } });
    expect(sub.status()).toBe(201);
    const flow = await createFlow(request, account, QUALIFY);
    const [answers, waits] = [uniquePhone(), uniquePhone()];
    const e = await run(request, account, flow.id, { ...listFor([answers, waits]), flow_execution_variables: { promo: 'P' } });
    for (const phone of [answers, waits]) expect(await waitFor(request, account, phone, 2)).toHaveLength(2);
    const conversationOf = async (phone: string) => (await (await request.get(`/api/inbox/conversation?search=${phone.slice(1)}`, { headers })).json()).results[0];
    expect((await conversationOf(waits)).status).toBe('FLOW');

    // One answers and the flow ends: resolved.
    await reply(request, account, answers, 'Sí');
    await expect.poll(async () => (await conversationOf(answers)).status, { timeout: 15_000 }).toBe('RESOLVED');
    // The other is still at the question when the execution is canceled: resolved too.
    expect((await request.post(`/api/flow-execution/${e.id}/cancel`, { headers })).status()).toBe(200);
    const held = await conversationOf(waits);
    expect(held.status).toBe('RESOLVED');

    const updates = () => receiver.at('/flow-conversations').map((r) => JSON.parse(r.body) as { type: string; data: { id: string; status: string } });
    await expect.poll(() => updates().filter((u) => u.data.status === 'RESOLVED').map((u) => u.data.id).sort(), { timeout: 20_000 })
      .toEqual([(await conversationOf(answers)).id, held.id].sort());
    expect(updates().every((u) => u.type === 'conversation.updated')).toBe(true);
  });

  test('a condition on a variable that cannot exist is refused, braces or not', async ({ request }) => {
    const steps = (field: string) => [
      { ordering_idx: 0, name: 'preference', step_type: 'QUESTION', body: 'Shoes or bags?', next_step_default_idx: 1 },
      { ordering_idx: 1, step_type: 'CONDITIONAL', conditions: [{ field, comparison: 'exact', value: 'Shoes' }], next_step_default_idx: 2, next_step_alternate_idx: 2 },
      { ordering_idx: 2, step_type: 'END' },
    ];
    for (const field of ['step.pref', '{{step.pref}}', 'answer']) {
      const res = await request.post('/api/flow', { headers: acme.admin.headers, data: { name: 'Typo', execution_type: 'INBOUND', steps: steps(field) } });
      expect(res.status(), field).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(field === 'answer' ? /variables start with contact\., step\. or flow_execution_variables\./ : /no step is named \\"pref\\"/);
    }
    const ok = await request.post('/api/flow', { headers: acme.admin.headers, data: { name: 'Right', execution_type: 'INBOUND', steps: steps('step.preference') } });
    expect(ok.status(), await ok.text()).toBe(201);
  });

  test('a try of a published INBOUND flow runs it at once for the sandbox number alone, and leaves nothing listening', async ({ request }) => {
    const account = await newAccount(request);
    const headers = account.admin.headers;
    const flow = await createFlow(request, account, {
      name: 'Desk', execution_type: 'INBOUND', steps: [{ ordering_idx: 0, step_type: 'MESSAGE', body: 'Desk here.' }],
    });
    const [phone, stranger] = [uniquePhone(), uniquePhone()];
    const tried = await request.post(`/api/flow/${flow.id}/try-on-sandbox`, { headers, data: { phone } });
    expect(tried.status(), await tried.text()).toBe(201);
    expect(await tried.json()).toMatchObject({ execution_type: 'API', execute_for: 'LIST', has_priority: true });
    expect(await waitFor(request, account, phone, 1)).toEqual(['Desk here.']);
    const listening = await (await request.get(`/api/flow-execution?flow=${flow.id}&execution_type=INBOUND`, { headers })).json();
    expect(listening.count).toBe(0);
    await reply(request, account, stranger, 'hello');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await received(request, account, stranger)).toEqual([]);
  });

  test('an execution changes before it starts, not after; pause, resume, cancel; a flow with a running execution is not deleted', async ({ request }) => {
    const flow = await createFlow(request, acme, QUALIFY);
    const later = new Date(Date.now() + 3600_000).toISOString();
    const phone = uniquePhone();
    const e = await run(request, acme, flow.id, { ...listFor([phone]), start_on: later });
    await expect.poll(async () => (await execution(request, acme, e.id)).status, { timeout: 10_000 }).toBe('READY');
    // A year before 1000 (0010 for 2010) is refused, and the execution keeps waiting for its time.
    const typo = await request.patch(`/api/flow-execution/${e.id}`, { headers: acme.admin.headers, data: { start_on: '0010-03-04T05:06:07Z' } });
    expect(typo.status()).toBe(400);
    expect(await typo.json()).toEqual({ start_on: ['Enter a date and time in the years 1000 to 9999 (ISO 8601).'] });
    expect(await execution(request, acme, e.id)).toMatchObject({ status: 'READY', start_on: later });
    const patched = await request.patch(`/api/flow-execution/${e.id}`, { headers: acme.admin.headers, data: { start_on: null, flow_execution_variables: { promo: 'P' } } });
    expect(patched.status(), await patched.text()).toBe(200);
    expect(await patched.json()).toMatchObject({ start_on: null, flow_execution_variables: { promo: 'P' } });
    await waitFor(request, acme, phone, 2);
    const late = await request.put(`/api/flow-execution/${e.id}`, { headers: acme.admin.headers, data: listFor([phone]) });
    expect(late.status()).toBe(400);
    expect(await late.json()).toEqual({ non_field_errors: ['This execution has started: it can only be paused, resumed or canceled now.'] });

    const refused = await request.delete(`/api/flow/${flow.id}`, { headers: acme.admin.headers });
    expect(refused.status()).toBe(400);
    const paused = await (await request.post(`/api/flow-execution/${e.id}/pause`, { headers: acme.admin.headers })).json();
    expect(paused).toMatchObject({ status: 'PAUSED', active: 1 });
    expect((await contactsOf(request, acme, e.id))[0].status).toBe('PAUSED');
    // The paused contact is active; an empty is_active filters nothing (as if left out), false finds none.
    const count = async (query: string) => (await (await request.get(`/api/flow-execution-contact?flow_execution=${e.id}${query}`, { headers: acme.admin.headers })).json()).count;
    expect([await count('&is_active='), await count('&is_active=false'), await count('&is_active=true')]).toEqual([1, 0, 1]);
    await reply(request, acme, phone, 'No');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await contactsOf(request, acme, e.id))[0].status).toBe('PAUSED');
    await request.post(`/api/flow-execution/${e.id}/resume`, { headers: acme.admin.headers });
    await expect.poll(async () => (await execution(request, acme, e.id)).status, { timeout: 15_000 }).toBe('COMPLETED');

    const again = await run(request, acme, flow.id, listFor([uniquePhone()]));
    const canceled = await (await request.post(`/api/flow-execution/${again.id}/cancel`, { headers: acme.admin.headers })).json();
    expect(canceled.status).toBe('CANCELED');
    const resumed = await request.post(`/api/flow-execution/${again.id}/resume`, { headers: acme.admin.headers });
    expect(resumed.status()).toBe(400);
    expect((await request.delete(`/api/flow/${flow.id}`, { headers: acme.admin.headers })).status()).toBe(204);
  });

  test('a contact in another running flow is skipped without priority and taken over with it; the inbox can stop it', async ({ request }) => {
    const flow = await createFlow(request, acme, QUALIFY);
    const phone = uniquePhone();
    const first = await run(request, acme, flow.id, listFor([phone]));
    await waitFor(request, acme, phone, 2);
    const second = await run(request, acme, flow.id, listFor([phone]));
    await expect.poll(async () => (await execution(request, acme, second.id)).canceled, { timeout: 10_000 }).toBe(1);
    expect((await contactsOf(request, acme, second.id))[0]).toMatchObject({ status: 'CANCELED', reason: 'In another running flow.' });
    const third = await run(request, acme, flow.id, { ...listFor([phone]), has_priority: true });
    await expect.poll(async () => (await execution(request, acme, first.id)).canceled, { timeout: 10_000 }).toBe(1);
    expect((await contactsOf(request, acme, first.id))[0]).toMatchObject({ status: 'CANCELED', reason: 'Another flow with priority took over.' });
    await waitFor(request, acme, phone, 4);
    const [mine] = await contactsOf(request, acme, third.id);
    const stopped = await request.post(`/api/flow-execution-contact/${mine.id}/stop`, { headers: acme.agent.headers });
    expect(stopped.status(), await stopped.text()).toBe(200);
    expect(await stopped.json()).toMatchObject({ status: 'CANCELED', is_active: false, reason: 'Stopped by an agent.' });
    // The question it was waiting at waits no more: its step is canceled with it.
    const timeline = await (await request.get(`/api/flow-execution-contact/${mine.id}`, { headers: acme.admin.headers })).json();
    expect((timeline.execution_steps as Json[]).map((x) => [x.step.step_type, x.status])).toEqual([['MESSAGE', 'COMPLETED'], ['QUESTION', 'CANCELED']]);
    expect(await execution(request, acme, third.id)).toMatchObject({ status: 'COMPLETED', canceled: 1, active: 0 });
    const active = await (await request.get(`/api/flow-execution-contact?contact=${mine.contact.id}&is_active=true`, { headers: acme.admin.headers })).json();
    expect(active.count).toBe(0);
  });

  test('flow_end_action WEBHOOK posts the answers on completion, signed with the flow\'s secret, retried after a 500; a refused target is a 400', async ({ request }) => {
    receiver.on('/flow-end', (n) => ({ status: n === 1 ? 500 : 200 }));
    const flow = await createFlow(request, acme, {
      ...QUALIFY, name: 'Qualify with end webhook', flow_end_action: 'WEBHOOK', flow_end_webhook_url: receiver.url('/flow-end'), flow_webhook_retries: 2,
    });
    // The signing key is for admins: not in the flow object any member reads, 403 for an agent, 404 for another account.
    expect(flow).not.toHaveProperty('flow_end_webhook_secret');
    const secretRes = await request.get(`/api/flow/${flow.id}/secret`, { headers: acme.admin.headers });
    expect(secretRes.status()).toBe(200);
    const revealed = await secretRes.json();
    expect(revealed.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await request.get(`/api/flow/${flow.id}/secret`, { headers: acme.agent.headers })).status()).toBe(403);
    expect((await request.get(`/api/flow/${flow.id}/secret`, { headers: other.admin.headers })).status()).toBe(404);
    expect((await request.get(`/api/flow/${flow.id}/secret`)).status()).toBe(401);
    // Rotation: a new key for admins, at once; an agent may not.
    expect((await request.post(`/api/flow/${flow.id}/secret/rotate`, { headers: acme.agent.headers })).status()).toBe(403);
    expect((await request.post(`/api/flow/${flow.id}/secret/rotate`, { headers: other.admin.headers })).status()).toBe(404);
    const rotated = await request.post(`/api/flow/${flow.id}/secret/rotate`, { headers: acme.admin.headers });
    expect(rotated.status()).toBe(200);
    const { secret } = await rotated.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secret).not.toBe(revealed.secret);
    expect(await (await request.get(`/api/flow/${flow.id}/secret`, { headers: acme.admin.headers })).json()).toEqual({ secret });
    const phone = uniquePhone();
    const e = await run(request, acme, flow.id, { ...listFor([phone]), flow_execution_variables: { promo: 'X1' } });
    await waitFor(request, acme, phone, 2);
    await reply(request, acme, phone, 'Sí');
    await expect.poll(() => receiver.at('/flow-end').length, { timeout: 20_000 }).toBe(2);
    const [first, second] = receiver.at('/flow-end');
    expect(second.body).toBe(first.body);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    for (const r of [first, second]) {
      const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
      const expected = createHmac('sha256', key).update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`).digest('base64');
      expect(r.headers['webhook-signature']).toBe(`v1,${expected}`);
    }
    const [c] = await contactsOf(request, acme, e.id);
    expect(JSON.parse(second.body)).toEqual({
      type: 'flow_execution_contact.end', timestamp: expect.stringMatching(ISO),
      data: {
        flow: { id: flow.id, name: 'Qualify with end webhook', version: 1 }, flow_execution: e.id, flow_execution_contact: c.id, status: 'COMPLETED',
        contact: { id: c.contact.id, phone: c.contact.phone, canonical_phone: phone, first_name: null, last_name: null },
        answers: { interest: 'Sí' }, variables: { interest: 'Sí' }, flow_execution_variables: { promo: 'X1' },
      },
    });
    // No third attempt: the second succeeded.
    await new Promise((r) => setTimeout(r, 2500));
    expect(receiver.at('/flow-end')).toHaveLength(2);

    const refused = await request.post('/api/flow', {
      headers: acme.admin.headers, data: { ...QUALIFY, flow_end_action: 'WEBHOOK', flow_end_webhook_url: 'http://10.1.2.3/hook' },
    });
    expect(refused.status()).toBe(400);
    expect(Object.keys(await refused.json())).toEqual(['flow_end_webhook_url']);

    // Where the answers go, signed with the account's key, is an admin's choice: an agent may keep
    // it while editing the flow, not set it nor point it elsewhere (also through a draft).
    const adminOnly = { flow_end_webhook_url: ['Only admins can set where a flow posts its answers.'] };
    const agentFlow = await request.post('/api/flow', {
      headers: acme.agent.headers, data: { ...QUALIFY, name: 'Agent end hook', flow_end_action: 'WEBHOOK', flow_end_webhook_url: receiver.url('/agent') },
    });
    expect(agentFlow.status()).toBe(400);
    expect(await agentFlow.json()).toEqual(adminOnly);
    const agentDraft = await request.post('/api/flow', {
      headers: acme.agent.headers, data: { ...QUALIFY, status: 'DRAFT', name: 'Agent end hook draft', flow_end_action: 'WEBHOOK', flow_end_webhook_url: receiver.url('/agent') },
    });
    expect(await agentDraft.json()).toEqual(adminOnly);
    const renamed = await request.patch(`/api/flow/${flow.id}`, { headers: acme.agent.headers, data: { name: 'Renamed by an agent' } });
    expect(renamed.status(), await renamed.text()).toBe(200);
    const moved = await request.patch(`/api/flow/${flow.id}`, { headers: acme.agent.headers, data: { flow_end_webhook_url: receiver.url('/agent') } });
    expect(moved.status()).toBe(400);
    expect(await moved.json()).toEqual(adminOnly);
    expect((await (await request.get(`/api/flow/${flow.id}`, { headers: acme.agent.headers })).json()).flow_end_webhook_url).toBe(receiver.url('/flow-end'));
    // Nor in a draft, which an admin would then publish without seeing the change.
    const patchedDraft = await request.patch(`/api/flow/${flow.id}`, {
      headers: acme.agent.headers, data: { status: 'DRAFT', flow_end_webhook_url: receiver.url('/agent') },
    });
    expect(await patchedDraft.json()).toEqual(adminOnly);
    const draftNow = (await (await request.get(`/api/flow/${flow.id}/draft`, { headers: acme.agent.headers })).json()).body;
    const putDraft = await request.put(`/api/flow/${flow.id}/draft`, {
      headers: acme.agent.headers, data: { ...draftNow, flow_end_webhook_url: receiver.url('/agent') },
    });
    expect(putDraft.status()).toBe(400);
    expect(await putDraft.json()).toEqual(adminOnly);
    // The address an admin set may be kept in the agent's draft.
    const keptDraft = await request.put(`/api/flow/${flow.id}/draft`, { headers: acme.agent.headers, data: { ...draftNow, name: 'Drafted by an agent' } });
    expect(keptDraft.status(), await keptDraft.text()).toBe(200);
    expect((await (await request.get(`/api/flow/${flow.id}/draft`, { headers: acme.agent.headers })).json()).body.flow_end_webhook_url).toBe(receiver.url('/flow-end'));
  });

  test('a DELAY until working hours waits for the account\'s next opening (test clock), then goes on', async ({ request }) => {
    const account = await newAccount(request);
    await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone: uniquePhone(), text: 'hi' } });
    // Open only two days from now (day 0 = Monday), 09:00 to 17:00 UTC: now is outside.
    const now = new Date();
    const day = (now.getUTCDay() + 6 + 2) % 7;
    const hours = await request.patch('/api/account', {
      headers: account.admin.headers, data: { has_working_hours: true, working_hours: [{ day, is_open: true, open_at: '09:00', close_at: '17:00' }] },
    });
    expect(hours.status(), await hours.text()).toBe(200);
    const flow = await createFlow(request, account, {
      name: 'Office hours',
      steps: [
        { ordering_idx: 0, step_type: 'MESSAGE', body: 'We will write during office hours.', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'DELAY', delay_type: 'WORKING_HOURS', next_step_default_idx: 2 },
        { ordering_idx: 2, step_type: 'MESSAGE', body: 'Good morning!' },
      ],
    });
    expect(flow.steps[1].delay_type).toBe('WORKING_HOURS');
    const phone = uniquePhone();
    const e = await run(request, account, flow.id, listFor([phone]));
    await waitFor(request, account, phone, 1);
    await expect.poll(async () => (await contactsOf(request, account, e.id))[0]?.waiting, { timeout: 10_000 }).toBe('DELAY');
    const [c] = await contactsOf(request, account, e.id);
    const opening = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 2, 9, 0, 0));
    expect(c.wait_until).toBe(opening.toISOString());
    const clock = await request.post('/api/test/flow-clock', {
      headers: account.admin.headers, data: { seconds: Math.ceil((opening.getTime() - Date.now()) / 1000) + 5 },
    });
    expect(clock.status()).toBe(200);
    expect(await waitFor(request, account, phone, 2)).toEqual(['We will write during office hours.', 'Good morning!']);
    await expect.poll(async () => (await execution(request, account, e.id)).completed, { timeout: 10_000 }).toBe(1);
  });

  test('an execution\'s per-step drop-off; filters\' live count; a try on the sandbox phone', async ({ request }) => {
    const account = await newAccount(request);
    const h = account.admin.headers;
    expect((await request.post('/api/channels/sandbox/inbound', { headers: h, data: { phone: uniquePhone(), text: 'hi' } })).status()).toBe(201);
    const flow = await createFlow(request, account, QUALIFY);
    const [p, q] = [uniquePhone(), uniquePhone()];
    const e = await run(request, account, flow.id, listFor([p, q], { tags: ['vip-count'] }));
    await waitFor(request, account, p, 2);
    await waitFor(request, account, q, 2);
    await reply(request, account, p, 'No');
    await expect.poll(async () => (await execution(request, account, e.id)).completed, { timeout: 15_000 }).toBe(1);
    const [cq] = (await contactsOf(request, account, e.id)).filter((c) => c.contact.canonical_phone === q);
    expect((await request.post(`/api/flow-execution-contact/${cq.id}/stop`, { headers: h })).status()).toBe(200);
    const stats = await request.get(`/api/flow-execution/${e.id}/steps`, { headers: h });
    expect(stats.status()).toBe(200);
    expect(await stats.json()).toEqual({
      results: [
        { step: { id: flow.steps[0].id, ordering_idx: 0, name: '', step_type: 'MESSAGE' }, reached: 2, here: 0, dropped: 0 },
        { step: { id: flow.steps[1].id, ordering_idx: 1, name: 'interest', step_type: 'QUESTION' }, reached: 2, here: 0, dropped: 1 },
        { step: { id: flow.steps[2].id, ordering_idx: 2, name: '', step_type: 'CONDITIONAL' }, reached: 1, here: 0, dropped: 0 },
        { step: { id: flow.steps[3].id, ordering_idx: 3, name: '', step_type: 'TAG' }, reached: 0, here: 0, dropped: 0 },
        { step: { id: flow.steps[4].id, ordering_idx: 4, name: '', step_type: 'END' }, reached: 1, here: 0, dropped: 0 },
      ],
    });

    const count = async (filters: Json[]) => request.post('/api/flow-execution/matching-contacts', { headers: h, data: { contact_filters: filters } });
    expect(await (await count([{ field: 'tags', comparison: 'exact', value: 'VIP-count' }])).json()).toEqual({ count: 2 });
    expect(await (await count([{ field: 'tags', comparison: 'exact', value: 'vip-count' }, { field: 'phone', comparison: 'exact', value: p }])).json()).toEqual({ count: 1 });
    const bad = await count([{ field: 'shoe_size', comparison: 'exact', value: '9' }]);
    expect(bad.status()).toBe(400);
    expect(Object.keys((await bad.json()).contact_filters)).toEqual(['0']);

    const sandboxPhone = uniquePhone();
    const tried = await request.post(`/api/flow/${flow.id}/try-on-sandbox`, { headers: h, data: { phone: sandboxPhone, flow_execution_variables: { promo: 'TRY' } } });
    expect(tried.status(), await tried.text()).toBe(201);
    expect(await tried.json()).toMatchObject({ execute_for: 'LIST', has_priority: true, flow: { id: flow.id }, flow_execution_variables: { promo: 'TRY' } });
    expect(await waitFor(request, account, sandboxPhone, 2)).toEqual(['Hola , promo TRY.', '¿Te interesa?']);

    const path = (x: string) => [['GET', `/api/flow-execution/${e.id}/steps`], ['POST', `/api/flow/${flow.id}/try-on-sandbox`, { phone: x }]] as [string, string, Json?][];
    for (const [method, url, data] of path(uniquePhone())) {
      const res = await request.fetch(url, { method, headers: other.admin.headers, data });
      expect(res.status(), `${method} ${url}`).toBe(404);
      expect((await request.fetch(url, { method, data })).status(), `${method} ${url}`).toBe(401);
    }
    expect((await request.post('/api/flow-execution/matching-contacts', { data: { contact_filters: [{ field: 'tags', comparison: 'exact', value: 'x' }] } })).status()).toBe(401);
    expect(await (await request.post('/api/flow-execution/matching-contacts', {
      headers: other.admin.headers, data: { contact_filters: [{ field: 'tags', comparison: 'exact', value: 'vip-count' }] },
    })).json()).toEqual({ count: 0 });
  });

  test('another account\'s flows, executions and execution contacts are a 404; no credentials is a 401', async ({ request }) => {
    const flow = await createFlow(request, acme, QUALIFY);
    const e = await run(request, acme, flow.id, listFor([uniquePhone()]));
    await expect.poll(async () => (await contactsOf(request, acme, e.id)).length, { timeout: 10_000 }).toBe(1);
    const [c] = await contactsOf(request, acme, e.id);
    const calls: [string, string, Json?][] = [
      ['GET', `/api/flow/${flow.id}`], ['PUT', `/api/flow/${flow.id}`, QUALIFY], ['PATCH', `/api/flow/${flow.id}`, { name: 'x' }],
      ['DELETE', `/api/flow/${flow.id}`], ['POST', `/api/flow/${flow.id}/run`, listFor([uniquePhone()])],
      ['GET', `/api/flow-execution/${e.id}`], ['PUT', `/api/flow-execution/${e.id}`, listFor([uniquePhone()])],
      ['PATCH', `/api/flow-execution/${e.id}`, {}], ['POST', `/api/flow-execution/${e.id}/pause`], ['POST', `/api/flow-execution/${e.id}/resume`],
      ['POST', `/api/flow-execution/${e.id}/cancel`], ['GET', `/api/flow-execution-contact/${c.id}`], ['POST', `/api/flow-execution-contact/${c.id}/stop`],
    ];
    for (const [method, path, data] of calls) {
      const res = await request.fetch(path, { method, headers: other.admin.headers, data });
      expect(res.status(), `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
    for (const path of ['/api/flow', '/api/flow-execution', '/api/flow-execution-contact']) {
      const list = await (await request.get(path, { headers: other.admin.headers })).json();
      expect(list.count, path).toBe(0);
    }
    for (const [method, path, data] of [...calls, ['GET', '/api/flow'], ['POST', '/api/flow', QUALIFY], ['GET', '/api/flow-execution'], ['GET', '/api/flow-execution-contact']] as [string, string, Json?][]) {
      const res = await request.fetch(path, { method, data });
      expect(res.status(), `${method} ${path}`).toBe(401);
      expect(await res.json()).toEqual(NOT_PROVIDED);
    }
  });
});
