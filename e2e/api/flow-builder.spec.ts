import { expect, test, type APIRequestContext } from '@playwright/test';
import { ISO, NOT_FOUND, NOT_PROVIDED, newAccount, uniquePhone, type TestAccount } from './factories';

// The builder's API: drafts saved as edited (status DRAFT) while executions keep their version,
// publishing refused per step while a problem remains, versions with who published, restoring
// one as the draft, export and import into another account, the contact variables offered, and
// account isolation.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let acme: TestAccount;
let other: TestAccount;

test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
  other = await newAccount(request);
  for (const account of [acme, other]) {
    const res = await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone: uniquePhone(), text: 'hi' } });
    expect(res.status(), await res.text()).toBe(201);
  }
});

const ASK = {
  name: 'Ask', execution_type: 'INBOUND', inbound_trigger_with: 'TEXT', inbound_start_message: 'hola',
  steps: [
    { ordering_idx: 0, name: 'color', step_type: 'QUESTION', body: 'Color?', answer_type: 'SINGLE_OPTION', answer_options: ['Red', 'Blue'], answer_options_render: 'BUTTONS', next_step_default_idx: 1 },
    { ordering_idx: 1, step_type: 'MESSAGE', body: 'You chose {{step.color}}.' },
  ],
  layout: { 0: { x: 0, y: 0 }, 1: { x: 0, y: 200 } },
};

async function post(request: APIRequestContext, account: TestAccount, path: string, data?: Json) {
  return request.post(path, { headers: account.admin.headers, data });
}

test('a draft is saved as edited, published with who and when, and restored from an earlier version', async ({ request }) => {
  const h = acme.admin.headers;
  const created = await post(request, acme, '/api/flow', ASK);
  expect(created.status(), await created.text()).toBe(201);
  const flow = await created.json();
  expect(flow).toMatchObject({ status: 'PUBLISHED', version: 1, inbound_trigger_with: 'TEXT', inbound_start_message: 'hola' });

  // No draft yet: the working copy is the published flow, with its layout and no problems.
  let draft = await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json();
  expect(draft).toMatchObject({ flow: flow.id, status: 'PUBLISHED', version: 1, has_draft: false, problems: {} });
  expect(draft.body.layout).toEqual({ 0: { x: 0, y: 0 }, 1: { x: 0, y: 200 } });
  expect(draft.body.steps[1]).toMatchObject({ body: 'You chose {{step.color}}.', step_type: 'MESSAGE' });

  // An unfinished draft is stored; the published flow does not change; its problems are listed per step.
  const unfinished = { ...draft.body, steps: [...draft.body.steps, { ordering_idx: 2, step_type: 'CONDITIONAL', conditions: [] }] };
  const saved = await request.put(`/api/flow/${flow.id}/draft`, { headers: h, data: unfinished });
  expect(saved.status(), await saved.text()).toBe(200);
  draft = await saved.json();
  expect(draft).toMatchObject({ status: 'DRAFT', has_draft: true });
  expect(draft.updated_on).toMatch(ISO);
  expect(draft.problems).toEqual({
    steps: {
      2: {
        conditions: ['Give at least one condition.'],
        next_step_default_idx: ['The "then" branch leads nowhere: connect it (to an END step to stop there).'],
        next_step_alternate_idx: ['The "otherwise" branch leads nowhere: connect it (to an END step to stop there).'],
        non_field_errors: ['No path from the first step reaches this step.'],
      },
    },
  });
  const shown = await (await request.get(`/api/flow/${flow.id}`, { headers: h })).json();
  expect(shown).toMatchObject({ status: 'DRAFT', version: 1 });
  expect(shown.steps).toHaveLength(2);

  // Publishing is refused with the same problems, in the DRF shape.
  const refused = await post(request, acme, `/api/flow/${flow.id}/publish`);
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual(draft.problems);

  // PATCH with status DRAFT merges into the draft; publishing it makes version 2.
  const fixed = draft.body.steps.slice(0, 2).map((s: Json, i: number) => (i === 1 ? { ...s, body: 'Elegiste {{step.color}}.' } : s));
  const patched = await request.patch(`/api/flow/${flow.id}`, { headers: h, data: { status: 'DRAFT', steps: fixed } });
  expect(patched.status(), await patched.text()).toBe(200);
  expect((await patched.json()).version).toBe(1);
  const published = await post(request, acme, `/api/flow/${flow.id}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  expect(await published.json()).toMatchObject({ status: 'PUBLISHED', version: 2 });
  expect((await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json()).has_draft).toBe(false);
  // Publishing again with no draft pending changes nothing: no second copy of version 2.
  const again = await post(request, acme, `/api/flow/${flow.id}/publish`);
  expect(again.status(), await again.text()).toBe(200);
  expect(await again.json()).toMatchObject({ status: 'PUBLISHED', version: 2 });

  const versions = await (await request.get(`/api/flow/${flow.id}/versions`, { headers: h })).json();
  expect(versions.count).toBe(2);
  expect(versions.results.map((v: Json) => [v.version, v.is_current, v.steps, v.published_by?.id])).toEqual([[2, true, 2, acme.admin.id], [1, false, 2, acme.admin.id]]);
  expect(versions.results[0].published_on).toMatch(ISO);

  // Version 1 comes back as the draft; the published version stays 2 until it is published.
  const restored = await post(request, acme, `/api/flow/${flow.id}/versions/1/restore`);
  expect(restored.status(), await restored.text()).toBe(200);
  const back = await restored.json();
  expect(back).toMatchObject({ status: 'DRAFT', version: 2, has_draft: true, problems: {} });
  expect(back.body.steps[1].body).toBe('You chose {{step.color}}.');
  expect((await post(request, acme, `/api/flow/${flow.id}/versions/9/restore`)).status()).toBe(404);
});

test('running executions keep their version while a draft is published', async ({ request }) => {
  const h = acme.admin.headers;
  const flow = await (await post(request, acme, '/api/flow', {
    name: 'Versions', steps: [{ ordering_idx: 0, name: 'q', step_type: 'QUESTION', body: 'First?', next_step_default_idx: 1 }, { ordering_idx: 1, step_type: 'MESSAGE', body: 'v1 end' }],
  })).json();
  const phone = uniquePhone();
  const run = await post(request, acme, `/api/flow/${flow.id}/run`, { execute_for: 'LIST', contact_lists: [{ source: 'LIST', contact_list: [{ phone }] }] });
  expect(run.status(), await run.text()).toBe(201);
  const received = async () => ((await (await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, { headers: h })).json()).results as Json[])
    .filter((m) => m.direction === 'OUTBOUND').map((m) => m.body);
  await expect.poll(received, { timeout: 20_000 }).toEqual(['First?']);

  const draft = (await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json()).body;
  draft.steps[1].body = 'v2 end';
  expect((await request.put(`/api/flow/${flow.id}/draft`, { headers: h, data: draft })).status()).toBe(200);
  expect((await post(request, acme, `/api/flow/${flow.id}/publish`)).status()).toBe(200);

  expect((await post(request, acme, '/api/channels/sandbox/inbound', { phone, text: 'yes' })).status()).toBe(201);
  await expect.poll(received, { timeout: 20_000 }).toEqual(['First?', 'v1 end']);
});

test('a draft is tried on the sandbox phone without publishing it; the published version, versions and new runs stay', async ({ request }) => {
  const h = acme.admin.headers;
  const flow = await (await post(request, acme, '/api/flow', {
    name: 'Try the draft', steps: [{ ordering_idx: 0, name: 'q', step_type: 'QUESTION', body: 'First?', next_step_default_idx: 1 }, { ordering_idx: 1, step_type: 'MESSAGE', body: 'v1 end' }],
  })).json();
  const draft = (await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json()).body;
  draft.steps[1].body = 'draft end, {{step.q}}';
  expect((await request.put(`/api/flow/${flow.id}/draft`, { headers: h, data: draft })).status()).toBe(200);

  const phone = uniquePhone();
  const tried = await post(request, acme, `/api/flow/${flow.id}/draft/try`, { phone });
  expect(tried.status(), await tried.text()).toBe(201);
  const execution = await tried.json();
  expect(execution).toMatchObject({ execute_for: 'LIST', execution_type: 'OUTBOUND', has_priority: true, version: -1, flow: { id: flow.id } });
  expect(execution.flow.steps.map((s: Json) => s.body)).toEqual(['First?', 'draft end, {{step.q}}']);
  const received = async (p: string) => ((await (await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(p)}`, { headers: h })).json()).results as Json[])
    .filter((m) => m.direction === 'OUTBOUND').map((m) => m.body);
  await expect.poll(() => received(phone), { timeout: 20_000 }).toEqual(['First?']);
  expect((await post(request, acme, '/api/channels/sandbox/inbound', { phone, text: 'yes' })).status()).toBe(201);
  await expect.poll(() => received(phone), { timeout: 20_000 }).toEqual(['First?', 'draft end, yes']);

  // A second try is a snapshot of its own; nothing published, listed or run by others changed.
  const again = await post(request, acme, `/api/flow/${flow.id}/draft/try`, { phone: uniquePhone() });
  expect(again.status(), await again.text()).toBe(201);
  expect((await again.json()).version).toBe(-2);
  const shown = await (await request.get(`/api/flow/${flow.id}`, { headers: h })).json();
  expect(shown).toMatchObject({ status: 'DRAFT', version: 1 });
  expect(shown.steps.map((s: Json) => s.body)).toEqual(['First?', 'v1 end']);
  expect((await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json()).has_draft).toBe(true);
  const versions = await (await request.get(`/api/flow/${flow.id}/versions`, { headers: h })).json();
  expect(versions.results.map((v: Json) => [v.version, v.is_current])).toEqual([[1, true]]);
  const run = await post(request, acme, `/api/flow/${flow.id}/run`, { execute_for: 'LIST', contact_lists: [{ source: 'LIST', contact_list: [{ phone: uniquePhone() }] }] });
  expect(run.status(), await run.text()).toBe(201);
  expect((await run.json()).version).toBe(1);
});

test('a draft with problems is not tried: 400 with the problems a publish gives; an INBOUND draft starts for the number at once', async ({ request }) => {
  const h = acme.admin.headers;
  const flow = await (await post(request, acme, '/api/flow', ASK)).json();
  const draft = (await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json()).body;
  const broken = { ...draft, steps: [...draft.steps, { ordering_idx: 2, step_type: 'MESSAGE', body: 'Hi {{step.nobody}}' }] };
  expect((await request.put(`/api/flow/${flow.id}/draft`, { headers: h, data: broken })).status()).toBe(200);
  const before = (await (await request.get(`/api/flow-execution?flow=${flow.id}`, { headers: h })).json()).count;

  const refused = await post(request, acme, `/api/flow/${flow.id}/draft/try`, { phone: uniquePhone() });
  expect(refused.status()).toBe(400);
  const problems = await refused.json();
  expect(problems.steps['2']).toMatchObject({ non_field_errors: expect.arrayContaining(['No path from the first step reaches this step.']) });
  expect(problems).toEqual(await (await post(request, acme, `/api/flow/${flow.id}/publish`)).json());
  expect((await (await request.get(`/api/flow-execution?flow=${flow.id}`, { headers: h })).json()).count).toBe(before);
  const badPhone = await post(request, acme, `/api/flow/${flow.id}/draft/try`, {});
  expect(badPhone.status()).toBe(400);

  expect((await request.put(`/api/flow/${flow.id}/draft`, { headers: h, data: { ...draft, steps: [draft.steps[0], { ...draft.steps[1], body: 'Draft: {{step.color}}.' }] } })).status()).toBe(200);
  const garbage = await post(request, acme, `/api/flow/${flow.id}/draft/try`, { phone: 'garbage' });
  expect([garbage.status(), await garbage.json()]).toEqual([400, { phone: ['Enter a valid phone number.'] }]);
  const phone = uniquePhone();
  const tried = await post(request, acme, `/api/flow/${flow.id}/draft/try`, { phone });
  expect(tried.status(), await tried.text()).toBe(201);
  expect(await tried.json()).toMatchObject({ execution_type: 'API', execute_for: 'LIST', version: -1 });
  const received = async () => ((await (await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, { headers: h })).json()).results as Json[])
    .filter((m) => m.direction === 'OUTBOUND').map((m) => m.body);
  await expect.poll(received, { timeout: 20_000 }).toEqual(['Color?']);
  expect((await post(request, acme, '/api/channels/sandbox/inbound', { phone, text: 'Blue' })).status()).toBe(201);
  await expect.poll(received, { timeout: 20_000 }).toEqual(['Color?', 'Draft: Blue.']);
});

test('a time window must be a time of day that closes after it opens', async ({ request }) => {
  const delay = (time_windows: Json[]) => ({
    name: 'Windows', steps: [{ ordering_idx: 0, step_type: 'DELAY', delay_type: 'TIME_WINDOW', time_windows, next_step_default_idx: 1 }, { ordering_idx: 1, step_type: 'END' }],
  });
  const bad = await post(request, acme, '/api/flow', delay([{ day: 1, open_at: '25:00', close_at: '9:00' }]));
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ steps: { 0: { time_windows: [{
    open_at: ['Enter a time of day as HH:MM (00:00 to 24:00).'], close_at: ['Enter a time of day as HH:MM (00:00 to 24:00).'],
  }] } } });
  const backwards = await post(request, acme, '/api/flow', delay([{ day: 1, open_at: '09:00', close_at: '17:00' }, { day: 5, open_at: '22:00', close_at: '02:00' }]));
  expect(backwards.status()).toBe(400);
  expect(await backwards.json()).toEqual({ steps: { 0: { time_windows: ['Window 2 closes before it opens (a window cannot cross midnight: split it in two).'] } } });
  const good = await post(request, acme, '/api/flow', delay([{ day: 5, open_at: '22:00', close_at: '24:00' }, { day: 6, open_at: '00:00', close_at: '02:00' }]));
  expect(good.status(), await good.text()).toBe(201);
  expect((await good.json()).steps[0].time_windows).toEqual([{ day: 5, open_at: '22:00', close_at: '24:00' }, { day: 6, open_at: '00:00', close_at: '02:00' }]);
});

test('a flow created as a draft cannot run until published; publishing checks the builder rules', async ({ request }) => {
  const created = await post(request, acme, '/api/flow', {
    name: 'Outbound hello', status: 'DRAFT', steps: [{ ordering_idx: 0, step_type: 'MESSAGE', body: 'Hi {{step.nobody}}' }],
  });
  expect(created.status(), await created.text()).toBe(201);
  const flow = await created.json();
  expect(flow).toMatchObject({ status: 'DRAFT', version: 0, steps: [] });
  const run = await post(request, acme, `/api/flow/${flow.id}/run`, { execute_for: 'ALL' });
  expect(run.status()).toBe(400);
  expect(await run.json()).toEqual({ non_field_errors: ['This flow is a draft that was never published: publish it before running it.'] });
  const refused = await post(request, acme, `/api/flow/${flow.id}/publish`);
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    steps: { 0: {
      body: ['{{step.nobody}}: no step is named "nobody".'],
      non_field_errors: ['{{step.nobody}}: no QUESTION, MENU or ACTION named "nobody" runs before this step.'],
      step_type: ['An outbound flow that starts with a free-form MESSAGE only reaches contacts who wrote in the last 24 hours: start with a TEMPLATE.'],
    } },
  });
  const inbound = await (await post(request, acme, '/api/flow', { name: 'In', status: 'DRAFT', execution_type: 'INBOUND', steps: [{ ordering_idx: 0, step_type: 'END' }] })).json();
  const noTrigger = await post(request, acme, `/api/flow/${inbound.id}/publish`);
  expect(noTrigger.status()).toBe(400);
  expect(await noTrigger.json()).toEqual({ inbound_trigger_with: ['An inbound flow needs a trigger: choose which message starts it.'] });
});

test('an exported flow imports into another account as a draft, publishes and runs', async ({ request }) => {
  const flow = await (await post(request, acme, '/api/flow', ASK)).json();
  const exported = await request.get(`/api/flow/${flow.id}/export`, { headers: acme.admin.headers });
  expect(exported.status()).toBe(200);
  const body = await exported.json();
  expect(body).toMatchObject({ name: 'Ask', execution_type: 'INBOUND', inbound_trigger_with: 'TEXT', layout: ASK.layout });
  expect(body.steps[0]).not.toHaveProperty('id');

  const imported = await post(request, other, '/api/flow', { ...body, status: 'DRAFT' });
  expect(imported.status(), await imported.text()).toBe(201);
  const copy = await imported.json();
  expect(copy).toMatchObject({ status: 'DRAFT', version: 0, name: 'Ask' });
  expect((await post(request, other, `/api/flow/${copy.id}/publish`)).status()).toBe(200);
  const run = await post(request, other, `/api/flow/${copy.id}/run`, { execute_for: 'ALL', inbound_trigger_with: 'TEXT', inbound_start_message: 'hola' });
  expect(run.status(), await run.text()).toBe(201);
  // The execution listens once its start job has made it RUNNING (PROCESSING until then).
  const executionId = (await run.json()).id;
  await expect.poll(async () => (await (await request.get(`/api/flow-execution/${executionId}`, { headers: other.admin.headers })).json()).status, { timeout: 10_000 }).toBe('RUNNING');
  const phone = uniquePhone();
  await expect.poll(async () => (await post(request, other, '/api/channels/sandbox/inbound', { phone, text: 'hola' })).status()).toBe(201);
  const received = async () => ((await (await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, { headers: other.admin.headers })).json()).results as Json[])
    .filter((m) => m.direction === 'OUTBOUND').map((m) => m.body);
  // BUTTONS go as an interactive message: its text is the question, the options are its buttons.
  await expect.poll(received, { timeout: 20_000 }).toEqual(['Color?']);
});

test('the contact variables are the contact fields and the account\'s meta keys', async ({ request }) => {
  const res = await post(request, acme, '/api/contact', { phone: uniquePhone(), meta: { city: 'Lima', plan: 'pro' } });
  expect(res.status(), await res.text()).toBe(201);
  const vars = await (await request.get('/api/flow/variables', { headers: acme.admin.headers })).json();
  expect(vars.contact_fields).toEqual(['first_name', 'last_name', 'phone', 'email', 'external_id', 'external_url', 'source']);
  expect(vars.meta_keys).toEqual(['city', 'plan']);
  expect((await (await request.get('/api/flow/variables', { headers: other.admin.headers })).json()).meta_keys).toEqual([]);
});

test('another account\'s flow is a 404 on every builder endpoint; no credentials is a 401', async ({ request }) => {
  const flow = await (await post(request, acme, '/api/flow', ASK)).json();
  const calls: [string, string, Json?][] = [
    ['GET', `/api/flow/${flow.id}/draft`], ['PUT', `/api/flow/${flow.id}/draft`, ASK], ['POST', `/api/flow/${flow.id}/publish`],
    ['GET', `/api/flow/${flow.id}/versions`], ['POST', `/api/flow/${flow.id}/versions/1/restore`], ['GET', `/api/flow/${flow.id}/export`],
    ['POST', `/api/flow/${flow.id}/draft/try`, { phone: uniquePhone() }],
  ];
  for (const [method, path, data] of calls) {
    const res = await request.fetch(path, { method, headers: other.admin.headers, data });
    expect(res.status(), `${method} ${path}`).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  }
  for (const [method, path, data] of [...calls, ['GET', '/api/flow/variables'] as [string, string]]) {
    const res = await request.fetch(path, { method, data });
    expect(res.status(), `${method} ${path}`).toBe(401);
    expect(await res.json()).toEqual(NOT_PROVIDED);
  }
});

test('one bad field of a step is its only problem: the other steps still see its name and links', async ({ request }) => {
  const h = acme.admin.headers;
  const created = await request.post('/api/flow', {
    headers: h,
    data: {
      name: 'One bad field', status: 'DRAFT', steps: [
        { ordering_idx: 0, name: 'lookup', step_type: 'TEMPLATE', next_step_default_idx: 1 },
        { ordering_idx: 1, name: 'ask', step_type: 'QUESTION', body: 'Which?', max_answer_attempts: 0, next_step_default_idx: 2 },
        { ordering_idx: 2, step_type: 'MESSAGE', body: 'You said {{step.ask}}.' },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const draft = await (await request.get(`/api/flow/${(await created.json()).id}/draft`, { headers: h })).json();
  expect(Object.keys(draft.problems.steps).sort()).toEqual(['0', '1']);
  expect(Object.keys(draft.problems.steps['1'])).toEqual(['max_answer_attempts']);
});
