import { expect, test, type APIRequestContext } from '@playwright/test';
import { newAccount, uniquePhone, type TestAccount } from './factories';
import { FakeCloud } from './fake-cloud';
import { addCloudChannel } from './cloud-channel';

// A flow's TEMPLATE step: the template goes to the provider with the step's variables filled from
// the contact and the execution, on the template's channel; tried on the sandbox, the same step
// reaches the sandbox phone instead and nothing goes to the provider.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TEMPLATE = {
  id: '3001', name: 'order_ready', language: 'es_MX', status: 'APPROVED', category: 'UTILITY',
  components: [{ type: 'BODY', text: 'Hola {{1}}, tu pedido {{2}} está listo.' }],
};

let cloud: FakeCloud;
let acme: TestAccount;

test.beforeAll(async ({ request }) => {
  cloud = await new FakeCloud().start();
  acme = await newAccount(request);
});
test.afterAll(async () => cloud.stop());

async function sandboxReceived(request: APIRequestContext, phone: string): Promise<string[]> {
  const res = await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, { headers: acme.admin.headers });
  return ((await res.json()).results as Json[]).filter((m) => m.direction === 'OUTBOUND').map((m) => m.body);
}

test('a TEMPLATE step sends on the template\'s channel, and through the sandbox when tried there', async ({ request }) => {
  const h = acme.admin.headers;
  const channel = await addCloudChannel(request, acme, cloud);
  cloud.setTemplates(channel.waba, [[TEMPLATE]]);
  expect((await request.post(`/api/channels/${channel.id}/sync-templates`, { headers: h })).status()).toBe(200);
  const template = (await (await request.get(`/api/channels/chat/template?channel=${channel.id}`, { headers: h })).json()).results[0];

  const created = await request.post('/api/flow', {
    headers: h, data: {
      name: 'Order ready', flow_execution_variables: ['order'],
      steps: [{ ordering_idx: 0, step_type: 'TEMPLATE', chat_template: template.id, template_variables: ['{{contact.first_name}}', '{{flow_execution_variables.order}}'] }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const flow = await created.json();

  const customer = uniquePhone();
  const run = await request.post(`/api/flow/${flow.id}/run`, {
    headers: h, data: {
      execute_for: 'LIST', contact_lists: [{ source: 'LIST', contact_list: [{ phone: customer, first_name: 'Ana' }] }],
      flow_execution_variables: { order: 'A-7' },
    },
  });
  expect(run.status(), await run.text()).toBe(201);
  await expect.poll(() => cloud.sends(channel.phoneNumberId).length, { timeout: 20_000 }).toBe(1);
  const [sent] = cloud.sends(channel.phoneNumberId);
  expect(sent.body).toMatchObject({
    to: customer.slice(1), type: 'template',
    template: { name: 'order_ready', language: { code: 'es_MX' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: 'A-7' }] }] },
  });

  const tester = uniquePhone();
  const tried = await request.post(`/api/flow/${flow.id}/try-on-sandbox`, { headers: h, data: { phone: tester, flow_execution_variables: { order: 'T-1' } } });
  expect(tried.status(), await tried.text()).toBe(201);
  await expect.poll(() => sandboxReceived(request, tester), { timeout: 20_000 }).toEqual(['Hola , tu pedido T-1 está listo.']);
  expect(cloud.sends(channel.phoneNumberId)).toHaveLength(1);
});

test('a TEMPLATE step needs one value per variable, none blank, as a send does', async ({ request }) => {
  const h = acme.admin.headers;
  const template = (await (await request.get('/api/channels/chat/template?search=welcome', { headers: h })).json()).results[0];
  expect(template, 'the sandbox welcome template').toBeTruthy();
  const needed = 2; // "Hi {{1}}, welcome to {{2}}! …"
  const attempt = (variables: string[]) => request.post('/api/flow', {
    headers: h, data: { name: 'Gaps', steps: [{ ordering_idx: 0, step_type: 'TEMPLATE', chat_template: template.id, template_variables: variables }] },
  });
  const blank = await attempt(Array.from({ length: needed }, (_, i) => (i === needed - 1 ? '  ' : 'x')));
  expect(blank.status()).toBe(400);
  expect(await blank.json()).toEqual({ steps: { 0: { template_variables: [`Give every variable a value: {{${needed}}} is blank.`] } } });
  const short = await attempt([]);
  expect(short.status()).toBe(400);
  expect((await short.json()).steps[0].template_variables[0]).toMatch(/^This template needs exactly \d+ variables?; 0 given\.$/);
  expect((await attempt(Array.from({ length: needed }, () => '{{contact.first_name}}'))).status()).toBe(201);
});

test("a TEMPLATE step with quick-reply branches waits for the tap and goes where the tapped button leads", async ({ request }) => {
  const h = acme.admin.headers;
  const sandbox = (await (await request.get('/api/channels', { headers: h })).json()).results.find((c: Json) => c.is_sandbox);
  const made = await request.post('/api/channels/chat/template', {
    headers: h, data: {
      channel: sandbox.id, name: `offer_${Date.now()}`, language: 'en', category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Our spring sale starts today. Interested?' },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Yes please' }, { type: 'QUICK_REPLY', text: 'No thanks' }, { type: 'URL', text: 'Shop', url: 'https://shop.example/' }] }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const template = await made.json();
  const step0 = { ordering_idx: 0, name: 'offer', step_type: 'TEMPLATE', chat_template: template.id, answer_options: ['Yes please', 'No thanks'], next_steps_for_options_idx: [1, 2], next_step_default_idx: 3 };
  const steps = [step0,
    { ordering_idx: 1, step_type: 'MESSAGE', body: 'Great, you said "{{step.offer}}". A coupon is on its way.', next_step_default_idx: 3 },
    { ordering_idx: 2, step_type: 'MESSAGE', body: 'No problem, we will not write again about it.', next_step_default_idx: 3 },
    { ordering_idx: 3, step_type: 'END' }];

  // The buttons it waits for are the template's quick replies, a step each.
  const create = (over: Json) => request.post('/api/flow', { headers: h, data: { name: 'Spring offer', steps: [{ ...step0, ...over }, ...steps.slice(1)] } });
  const notAButton = await create({ answer_options: ['Yes please', 'Shop'] });
  expect(notAButton.status()).toBe(400);
  expect((await notAButton.json()).steps[0].answer_options).toEqual(['Not a quick-reply button of this template: "Shop" (its buttons: "Yes please", "No thanks").']);
  const short = await create({ next_steps_for_options_idx: [1] });
  expect(short.status()).toBe(400);
  expect((await short.json()).steps[0].next_steps_for_options_idx).toEqual(['Give one step per button: 2 expected, got 1.']);
  const created = await request.post('/api/flow', { headers: h, data: { name: 'Spring offer', steps } });
  expect(created.status(), await created.text()).toBe(201);
  const flow = await created.json();
  expect(flow.steps[0]).toMatchObject({ answer_options: ['Yes please', 'No thanks'], next_steps_for_options_idx: [1, 2] });

  const messages = async (phone: string) => ((await (await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, { headers: h })).json()).results as Json[])
    .filter((m) => m.direction === 'OUTBOUND').map((m) => m.body);
  const fecOf = async (phone: string) => (await (await request.get(`/api/flow-execution-contact?flow_execution__flow=${flow.id}&search=${encodeURIComponent(phone)}`, { headers: h })).json()).results[0];
  for (const [tap, reply] of [['Yes please', 'Great, you said "Yes please". A coupon is on its way.'], ['No thanks', 'No problem, we will not write again about it.']]) {
    const phone = uniquePhone();
    expect((await request.post(`/api/flow/${flow.id}/try-on-sandbox`, { headers: h, data: { phone } })).status()).toBe(201);
    await expect.poll(() => messages(phone), { timeout: 20_000 }).toHaveLength(1);
    // It waits: nothing more goes out until the contact taps.
    await expect.poll(async () => (await fecOf(phone))?.waiting, { timeout: 10_000 }).toBe('ANSWER');
    expect((await fecOf(phone)).status).toBe('RUNNING');
    const tapped = await request.post('/api/channels/sandbox/inbound', { headers: h, data: { phone, type: 'button', button: { title: tap } } });
    expect(tapped.status(), await tapped.text()).toBe(201);
    await expect.poll(() => messages(phone), { timeout: 20_000 }).toHaveLength(2);
    expect((await messages(phone))[1]).toBe(reply);
    await expect.poll(async () => (await fecOf(phone))?.status, { timeout: 10_000 }).toBe('COMPLETED');
    const detail = await (await request.get(`/api/flow-execution-contact/${(await fecOf(phone)).id}`, { headers: h })).json();
    expect(detail.execution_steps[0].execution_result).toMatchObject({ answer: tap, options: ['Yes please', 'No thanks'] });
  }

  // Another account cannot wait on this account's template.
  const other = await newAccount(request);
  const foreign = await request.post('/api/flow', { headers: other.admin.headers, data: { name: 'x', steps: [step0, { ordering_idx: 1, step_type: 'END' }, { ordering_idx: 2, step_type: 'END' }, { ordering_idx: 3, step_type: 'END' }] } });
  expect(foreign.status()).toBe(400);
  expect((await foreign.json()).steps[0].chat_template).toEqual([`Invalid pk "${template.id}" - object does not exist.`]);
});
