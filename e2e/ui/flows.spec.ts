import { expect, test } from '@playwright/test';
import { newAccount, uniquePhone } from '../api/factories';
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
  }, { timeout: 15_000 }).toEqual(['Budget for Monterrey?\n\n1. Low\n2. High']);
  expect((await request.post('/api/channels/sandbox/inbound', { headers: h, data: { phone, text: 'High' } })).status()).toBe(201);

  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-counter="Completed"]')).toHaveText('1');
  await expect(page.locator('[data-counter="In the flow"]')).toHaveText('0');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/execution.png`, fullPage: true });

  await page.getByRole('table', { name: 'Execution contacts' }).getByRole('link').first().click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.locator('[data-step-status]')).toHaveCount(4);
  await expect(timeline.getByText('"answer": "High"')).toBeVisible();
  await expect(timeline.getByText('"branch": "then"')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/execution-contact.png`, fullPage: true });

  const contacts = await (await request.get(`/api/flow-execution-contact?flow_execution__flow=${flow.id}`, { headers: h })).json();
  expect(contacts.results[0].contact.tags.map((t: { name: string }) => t.name)).toEqual(['hot-lead']);
});
