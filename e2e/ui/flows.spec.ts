import { expect, test } from '@playwright/test';
import { memberWithKey, newAccount, uniquePhone } from '../api/factories';
import { signIn } from './sign-in';

// The Flows area through the browser: the list, a flow's steps as a diagram with its branches,
// an execution started from the flow's page for a sandbox number, answered on the sandbox phone,
// the execution page reaching COMPLETED with its counters, and a contact's timeline.
// FLOW_SCREENSHOTS=<folder> saves a screenshot of each page there.

const SHOTS = process.env.FLOW_SCREENSHOTS;

test('start an execution for a sandbox number, answer on the sandbox phone, watch it complete', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = await newAccount(request);
  const h = account.admin.headers;
  expect((await request.post('/api/channels/sandbox/inbound', { headers: h, data: { phone: uniquePhone(), text: 'hi' } })).status()).toBe(201);
  const created = await request.post('/api/flow', {
    headers: h,
    data: {
      name: 'Lead qualification', flow_execution_variables: ['city'],
      steps: [
        { ordering_idx: 0, name: 'budget', step_type: 'QUESTION', body: 'Budget for {{flow_execution_variables.city}}?', answer_type: 'SINGLE_OPTION', answer_options: ['Low', 'High'], answer_options_render: 'BUTTONS', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'CONDITIONAL', conditions: [{ field: 'step.budget', comparison: 'exact', value: 'High' }], next_step_default_idx: 2, next_step_alternate_idx: 3 },
        { ordering_idx: 2, step_type: 'TAG', contact_tags: ['hot-lead'], next_step_default_idx: 3 },
        { ordering_idx: 3, step_type: 'END' },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const flow = await created.json();

  await signIn(page, account.admin.email, account.password);
  await page.getByRole('link', { name: 'Flows', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();
  await page.getByRole('link', { name: 'Lead qualification' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lead qualification' })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('listitem').first()).toBeVisible();
  await expect(steps.locator('[data-step-type]')).toHaveCount(4);
  await expect(page.getByText('otherwise →')).toBeVisible();
  await expect(page.getByText('Not run yet')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/flow-detail.png`, fullPage: true });

  const phone = uniquePhone();
  await page.getByRole('textbox', { name: 'Phone numbers' }).fill(phone);
  await page.getByLabel('Variable city').fill('Monterrey');
  await page.getByRole('button', { name: 'Start execution' }).click();
  await expect(page).toHaveURL(/\/flows\/executions\/[0-9a-f-]+$/);
  await expect(page.getByRole('table', { name: 'Execution contacts' }).getByRole('link', { name: phone })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Waiting for an answer')).toBeVisible({ timeout: 15_000 });

  await expect.poll(async () => {
    const res = await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, { headers: h });
    return (await res.json()).results.map((m: { body: string }) => m.body);
  }, { timeout: 15_000 }).toEqual(['Budget for Monterrey?']);
  const executionUrl = page.url();

  // The sandbox phone shows the question's buttons; tapping one answers it.
  await page.goto(`/sandbox?phone=${encodeURIComponent(phone)}`);
  await expect(page.getByRole('list', { name: 'Buttons' }).getByText('High')).toBeVisible({ timeout: 15_000 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/sandbox-buttons.png`, fullPage: true });
  await page.getByRole('button', { name: 'Button', exact: true }).click();
  await page.getByRole('button', { name: 'High', exact: true }).click();
  await expect(page.getByText('Tapped a button')).toBeVisible({ timeout: 15_000 });
  await page.goto(executionUrl);

  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  const dropOff = page.getByRole('list', { name: 'Per-step drop-off' });
  await expect(dropOff.locator('[data-step="0"] [data-reached]')).toHaveText('1');
  await expect(dropOff.locator('[data-step="2"] [data-reached]')).toHaveText('1');
  await expect(page.locator('[data-counter="Completed"]')).toHaveText('1');
  await expect(page.locator('[data-counter="In the flow"]')).toHaveText('0');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/execution.png`, fullPage: true });

  await page.getByRole('table', { name: 'Execution contacts' }).getByRole('link').first().click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.locator('[data-step-status]')).toHaveCount(4);
  // Each step's result in words: the answer given, the branch taken and the condition that chose it.
  await expect(timeline.locator('[data-result="answer"] dd')).toHaveText('High');
  await expect(timeline.locator('[data-result="branch"] dd')).toHaveText('then');
  await expect(timeline.locator('[data-result="conditions"] [data-passed="yes"]')).toHaveCount(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/execution-contact.png`, fullPage: true });

  const contacts = await (await request.get(`/api/flow-execution-contact?flow_execution__flow=${flow.id}`, { headers: h })).json();
  expect(contacts.results[0].contact.tags.map((t: { name: string }) => t.name)).toEqual(['hot-lead']);
});

test('run form: filters with a live count, a CSV upload; try on the sandbox phone; the inbox shows the flow and stops it', async ({ page, request }) => {
  test.setTimeout(150_000);
  const account = await newAccount(request);
  const h = account.admin.headers;
  expect((await request.post('/api/channels/sandbox/inbound', { headers: h, data: { phone: uniquePhone(), text: 'hi' } })).status()).toBe(201);
  const tagged = [uniquePhone(), uniquePhone(), uniquePhone()];
  for (const phone of tagged) {
    expect((await request.post('/api/contact', { headers: h, data: { phone, tags: ['spring-fair'] } })).status()).toBe(201);
  }
  const created = await request.post('/api/flow', {
    headers: h,
    data: {
      name: 'Fair follow-up',
      steps: [
        { ordering_idx: 0, name: 'visit', step_type: 'QUESTION', body: 'Will you visit us?', answer_type: 'SINGLE_OPTION', answer_options: ['Yes', 'No'], answer_options_render: 'LIST', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'END' },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const flow = await created.json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${flow.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fair follow-up' })).toBeVisible();

  // Filters: the count follows what is typed.
  await page.getByRole('radio', { name: 'Contacts matching filters' }).check();
  await page.getByLabel('Filter 1 value').fill('spring-fair');
  await expect(page.getByTestId('matching-count')).toHaveText('3 matching contacts', { timeout: 10_000 });
  await page.getByLabel('Filter 1 value').fill('autumn');
  await expect(page.getByTestId('matching-count')).toHaveText('0 matching contacts', { timeout: 10_000 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/run-filters.png`, fullPage: true });

  // A CSV file: imported first, then the execution runs for its contacts.
  const fromCsv = [uniquePhone(), uniquePhone()];
  await page.getByRole('radio', { name: 'A CSV file' }).check();
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'fair.csv', mimeType: 'text/csv', buffer: Buffer.from(`phone,first_name\n${fromCsv[0]},Ada\n${fromCsv[1]},Bo\n`) });
  await expect(page.getByTestId('csv-status')).toHaveText('Imported: 2 new, 0 updated, 0 rejected.', { timeout: 20_000 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/run-csv.png`, fullPage: true });
  await page.getByRole('button', { name: 'Start execution' }).click();
  await expect(page).toHaveURL(/\/flows\/executions\/[0-9a-f-]+$/);
  const table = page.getByRole('table', { name: 'Execution contacts' });
  await expect(table.getByText('Ada')).toBeVisible({ timeout: 15_000 });
  await expect(table.getByText('Bo', { exact: true })).toBeVisible();

  // Try on the sandbox phone, then follow the link to it: the list's rows are there.
  await page.goto(`/flows/${flow.id}`);
  const sandboxPhone = uniquePhone();
  await page.getByLabel('Sandbox phone number').fill(sandboxPhone);
  await page.getByRole('button', { name: 'Try on sandbox' }).click();
  await page.getByRole('link', { name: 'Open the sandbox phone →' }).click();
  await expect(page.getByTestId('sandbox-number')).toHaveText(sandboxPhone);
  const rows = page.getByRole('list', { name: 'List options' });
  await expect(rows.getByText('Yes')).toBeVisible({ timeout: 15_000 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/sandbox-list.png`, fullPage: true });

  // The inbox: the conversation shows the contact is in the flow, and the agent stops it there.
  const messages = await (await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(sandboxPhone)}`, { headers: h })).json();
  await page.goto(`/inbox/${messages.results[0].conversation}`);
  const inFlow = page.locator('aside').getByRole('list', { name: 'Contact flows' });
  await expect(inFlow.getByRole('link', { name: 'Fair follow-up' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('list', { name: 'List options' }).first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/inbox-in-flow.png`, fullPage: true });
  await inFlow.getByRole('button', { name: 'Stop flow' }).click();
  await page.getByRole('button', { name: 'Stop flow' }).last().click();
  await expect(inFlow).toHaveCount(0, { timeout: 15_000 });
  const fec = await (await request.get(`/api/flow-execution-contact?flow_execution__flow=${flow.id}&search=${encodeURIComponent(sandboxPhone)}`, { headers: h })).json();
  expect(fec.results[0]).toMatchObject({ status: 'CANCELED', reason: 'Stopped by an agent.', is_active: false });

  // The try's execution counts the stopped contact as started (it reached the first step), and as canceled.
  const detail = await (await request.get(`/api/flow-execution-contact/${fec.results[0].id}`, { headers: h })).json();
  await page.goto(`/flows/executions/${detail.flow_execution.id}`);
  await expect(page.locator('[data-counter="Canceled or skipped"]')).toHaveText('1', { timeout: 15_000 });
  await expect(page.locator('[data-counter="Started"]')).toHaveText('1');
  await expect(page.locator('[data-counter="Contacts"]')).toHaveText('1');
});

test("the diagram names what a step refers to: the template, the members it assigns, the flow it starts", async ({ page, request }) => {
  const account = await newAccount(request);
  const h = account.admin.headers;
  const agent = await memberWithKey(request, account, 'AGENT', 'Renata');
  const templates = await (await request.get('/api/channels/chat/template?search=welcome', { headers: h })).json();
  const template = templates.results[0];
  const follow = await request.post('/api/flow', { headers: h, data: { name: 'Follow-up survey', steps: [{ ordering_idx: 0, step_type: 'END' }] } });
  expect(follow.status(), await follow.text()).toBe(201);
  const created = await request.post('/api/flow', {
    headers: h,
    data: {
      name: 'Welcome and hand over',
      steps: [
        { ordering_idx: 0, step_type: 'TEMPLATE', chat_template: template.id, template_variables: ['{{contact.first_name}}', 'Acme'], next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'TRIGGER_FLOW', trigger_flow: (await follow.json()).id, next_step_default_idx: 2 },
        { ordering_idx: 2, step_type: 'CONVERSATION', assign_to_users: [agent.id] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${(await created.json()).id}`);
  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.locator('[data-step-type="TEMPLATE"]')).toContainText(`Template ${template.name} (${template.language}) with “{{contact.first_name}}”, “Acme”`);
  await expect(steps.locator('[data-step-type="TEMPLATE"]')).not.toContainText(template.id);
  await expect(steps.locator('[data-step-type="TRIGGER_FLOW"]')).toContainText('Starts Follow-up survey');
  await expect(steps.locator('[data-step-type="CONVERSATION"]')).toContainText('To the inbox, assigned to Renata');

  // The flow it starts is not deleted while it does: the page says why; once free of it, it goes.
  await page.goto(`/flows/${(await follow.json()).id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete flow' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'starts this flow' })).toHaveText('"Welcome and hand over" starts this flow: change its "Start flow" step before deleting it.');
  await page.goto(`/flows/${(await created.json()).id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete flow' }).click();
  await expect(page).toHaveURL(/\/flows$/);
  expect((await request.get(`/api/flow/${(await created.json()).id}`, { headers: h })).status()).toBe(404);
});
