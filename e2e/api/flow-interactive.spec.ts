import { expect, test, type APIRequestContext } from '@playwright/test';
import { addCloudChannel, CLOUD_APP_SECRET, uniqueId, type CloudChannel } from './cloud-channel';
import { newAccount, uniquePhone, type TestAccount } from './factories';
import { FakeCloud, sign, webhookPayload } from './fake-cloud';

// Options rendered as BUTTONS or a LIST go out as Cloud API interactive messages (asserted on the
// fake provider's wire body); a tap comes back as `interactive.button_reply` / `list_reply` in a
// signed callback and selects its option by id, even when its title does not match; a tap on an
// older question's button is not taken for the current one; EMOJIS and NUMBERS stay text. The
// sandbox phone sees the list and picks a row.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let cloud: FakeCloud;
test.beforeAll(async () => {
  cloud = await new FakeCloud().start();
});
test.afterAll(async () => cloud.stop());

async function createFlow(request: APIRequestContext, account: TestAccount, body: Json): Promise<Json> {
  const res = await request.post('/api/flow', { headers: account.admin.headers, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function tap(request: APIRequestContext, channel: CloudChannel, phone: string, interactive: Json) {
  const body = JSON.stringify(webhookPayload(channel.phoneNumberId, {
    contacts: [{ profile: { name: 'Tester' }, wa_id: phone.slice(1) }],
    messages: [{ from: phone.slice(1), id: uniqueId('wamid.in'), timestamp: String(Math.floor(Date.now() / 1000)), ...interactive }],
  }));
  const res = await request.post(`/api/channels/cloud-api/webhook/${channel.id}`, {
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(CLOUD_APP_SECRET, body) }, data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

const STEPS = [
  {
    ordering_idx: 0, name: 'size', step_type: 'QUESTION', body: 'Pick a size', answer_type: 'SINGLE_OPTION',
    answer_options: ['Small', 'Medium', 'Large'], answer_options_render: 'BUTTONS', next_step_default_idx: 1,
  },
  {
    ordering_idx: 1, name: 'dept', step_type: 'MENU', body: 'Which department?', answer_options: ['Sales', 'Billing', 'Support', 'Other'],
    answer_options_render: 'LIST', answer_options_render_list_button_title: 'Departments', answer_options_render_list_section_title: 'Teams',
    next_steps_for_options_idx: [3, 3, 2, 3],
  },
  {
    ordering_idx: 2, name: 'ok', step_type: 'QUESTION', body: 'Anything else?', answer_type: 'SINGLE_OPTION', answer_options: ['Yes', 'No'],
    answer_options_render: 'EMOJIS', next_step_default_idx: 3,
  },
  { ordering_idx: 3, step_type: 'MESSAGE', body: 'Done: {{step.size}} / {{step.dept}} / {{step.ok}}' },
];

test('BUTTONS and LIST options go as interactive messages; a tap selects its option by id; EMOJIS stay text', async ({ request }) => {
  const account = await newAccount(request);
  const channel = await addCloudChannel(request, account, cloud);
  const flow = await createFlow(request, account, { name: 'Interactive', channel: channel.id, steps: STEPS });
  const ids = flow.steps.map((s: Json) => s.id);
  const phone = uniquePhone();
  const to = phone.slice(1);
  const res = await request.post(`/api/flow/${flow.id}/run`, {
    headers: account.admin.headers, data: { execute_for: 'LIST', contact_lists: [{ source: 'LIST', contact_list: [{ phone }] }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const e = await res.json();
  const sends = () => cloud.sends(channel.phoneNumberId).map((r) => r.body as Json);

  await expect.poll(() => sends().length, { timeout: 20_000 }).toBe(1);
  expect(sends()[0]).toEqual({
    messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'interactive', biz_opaque_callback_data: expect.any(String),
    interactive: {
      type: 'button', body: { text: 'Pick a size' },
      action: { buttons: ['Small', 'Medium', 'Large'].map((title, i) => ({ type: 'reply', reply: { id: `flow.${ids[0]}.${i}`, title } })) },
    },
  });
  await tap(request, channel, phone, { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: `flow.${ids[0]}.1`, title: 'Medium' } } });

  const list = {
    type: 'list', body: { text: 'Which department?' },
    action: {
      button: 'Departments',
      sections: [{ title: 'Teams', rows: ['Sales', 'Billing', 'Support', 'Other'].map((title, i) => ({ id: `flow.${ids[1]}.${i}`, title })) }],
    },
  };
  await expect.poll(() => sends().length, { timeout: 20_000 }).toBe(2);
  expect(sends()[1]).toEqual({
    messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'interactive', biz_opaque_callback_data: expect.any(String), interactive: list,
  });

  // A second tap on the first question's button is no answer to the list, nor a wrong one: passed over.
  await tap(request, channel, phone, { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: `flow.${ids[0]}.0`, title: 'Small' } } });
  await new Promise((r) => setTimeout(r, 1500));
  expect(sends()).toHaveLength(2);

  // The row's id decides, whatever its title says.
  await tap(request, channel, phone, { type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: `flow.${ids[1]}.2`, title: 'Renamed row' } } });
  await expect.poll(() => sends().length, { timeout: 20_000 }).toBe(3);
  expect(sends()[2]).toEqual({
    messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', biz_opaque_callback_data: expect.any(String),
    text: { preview_url: false, body: 'Anything else?\n\n1️⃣ Yes\n2️⃣ No' },
  });
  await tap(request, channel, phone, { type: 'text', text: { body: '2️⃣' } });
  await expect.poll(() => sends().length, { timeout: 20_000 }).toBe(4);
  expect(sends()[3].text).toEqual({ preview_url: false, body: 'Done: Medium / Support / No' });

  await expect.poll(async () => (await (await request.get(`/api/flow-execution/${e.id}`, { headers: account.admin.headers })).json()).completed,
    { timeout: 15_000 }).toBe(1);
  // The inbox thread keeps the question as text and the interactive object as content.
  const c = (await (await request.get(`/api/flow-execution-contact?flow_execution=${e.id}`, { headers: account.admin.headers })).json()).results[0];
  expect(c.variables).toEqual({ size: 'Medium', dept: 'Support', ok: 'No' });
});

test('the sandbox phone sees a LIST question\'s rows and picks one', async ({ request }) => {
  const account = await newAccount(request);
  const h = account.admin.headers;
  const flow = await createFlow(request, account, {
    name: 'Sandbox list',
    steps: [{ ...STEPS[1], ordering_idx: 0, next_steps_for_options_idx: [1, 1, 1, 1] }, { ordering_idx: 1, step_type: 'MESSAGE', body: 'Department: {{step.dept}}' }],
  });
  const garbage = await request.post(`/api/flow/${flow.id}/try-on-sandbox`, { headers: h, data: { phone: 'garbage' } });
  expect([garbage.status(), await garbage.json()]).toEqual([400, { phone: ['Enter a valid phone number.'] }]);
  const phone = uniquePhone();
  const tried = await request.post(`/api/flow/${flow.id}/try-on-sandbox`, { headers: h, data: { phone } });
  expect(tried.status(), await tried.text()).toBe(201);
  const messages = async () => (await (await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, { headers: h })).json()).results as Json[];
  await expect.poll(async () => (await messages()).length, { timeout: 20_000 }).toBe(1);
  const [question] = await messages();
  expect(question).toMatchObject({ direction: 'OUTBOUND', msg_type: 'interactive', body: 'Which department?' });
  expect(question.content.interactive.action.sections[0].rows.map((r: Json) => r.title)).toEqual(['Sales', 'Billing', 'Support', 'Other']);
  const row = question.content.interactive.action.sections[0].rows[0];
  const picked = await request.post('/api/channels/sandbox/inbound', {
    headers: h, data: { phone, type: 'interactive', interactive_type: 'list_reply', button: { id: row.id, title: row.title } },
  });
  expect(picked.status(), await picked.text()).toBe(201);
  await expect.poll(async () => (await messages()).map((m) => m.body), { timeout: 20_000 }).toEqual(['Which department?', 'Sales', 'Department: Sales']);
  const reply = (await messages())[1];
  expect(reply).toMatchObject({ direction: 'INBOUND', msg_type: 'interactive', content: { interactive: { type: 'list_reply', list_reply: { id: row.id, title: 'Sales' } } } });
});
