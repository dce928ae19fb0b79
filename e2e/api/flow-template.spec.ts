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
