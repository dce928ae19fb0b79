import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import { memberWithKey, newAccount, uniquePhone, type TestAccount } from '../api/factories';
import { signIn } from './sign-in';

// The flow builder through the browser: a 6-step flow drawn by mouse and keyboard, published,
// test-run on a sandbox number answered from the sandbox phone with the path lit on the canvas,
// then a draft change tried on the phone before it is published; pickers for a template and its
// variables, members and a flow, and a time-window delay, saved in the draft;
// a dangling branch refusing publish with the node saying why; undo bringing back a deleted step
// with its edges; an exported flow imported into another account and run; a starter template.
// FLOW_SCREENSHOTS=<folder> saves screenshots at 390, 1280 and 1440 pixels wide.

const SHOTS = process.env.FLOW_SCREENSHOTS;

async function sandbox(request: Parameters<typeof newAccount>[0], account: TestAccount) {
  const res = await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone: uniquePhone(), text: 'hi' } });
  expect(res.status(), await res.text()).toBe(201);
}

const node = (page: Page, idx: number) => page.locator(`[data-step-node="${idx}"]`);
const handle = (page: Page, idx: number, branch: string) => node(page, idx).locator(`[data-branch="${branch}"]`);

async function center(l: Locator) {
  const box = (await l.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Zooms to fit and waits for the canvas to stop moving, so that handles are where they are drawn. */
async function fit(page: Page, l: Locator) {
  await page.getByRole('button', { name: 'Zoom to fit' }).click();
  let last = '';
  await expect.poll(async () => {
    const now = JSON.stringify(await l.boundingBox());
    const same = now === last;
    last = now;
    return same;
    // Readings further apart than the 300 ms zoom animation: equal ones mean it has ended.
  }, { intervals: [400] }).toBe(true);
}

/** Drags from a branch's handle to empty canvas and picks the new step's type in the menu. */
async function dragOut(page: Page, from: Locator, dx: number, dy: number, type: string) {
  await fit(page, from);
  const p = await center(from);
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  await page.mouse.move(p.x + dx / 2, p.y + dy / 2, { steps: 5 });
  await page.mouse.move(p.x + dx, p.y + dy, { steps: 5 });
  await page.mouse.up();
  await page.getByRole('menu', { name: 'Add a step here' }).getByRole('menuitem', { name: type, exact: true }).click();
}

/** Drags from a branch's handle onto another step's input. */
async function connect(page: Page, from: Locator, to: Locator) {
  await fit(page, from);
  const a = await center(from);
  const b = await center(to.locator('.react-flow__handle-top'));
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

async function saved(page: Page) {
  await expect(page.getByTestId('save-state')).toHaveText('Saved', { timeout: 10_000 });
}

test('draw a 6-step flow by mouse and keyboard, publish it, test-run it on the sandbox phone with the path lit', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1300 });
  const account = await newAccount(request);
  await sandbox(request, account);
  await signIn(page, account.admin.email, account.password);
  await page.goto('/flows');
  // Once the list has loaded, its empty state links to the new flow too: the page's own action is the first.
  await expect(page.getByText('No flows yet')).toBeVisible();
  await page.getByRole('link', { name: 'New flow' }).first().click();
  await page.getByRole('button', { name: 'Start blank' }).click();
  await expect(page).toHaveURL(/\/flows\/[0-9a-f-]+\/builder$/);
  await expect(page.getByTestId('flow-status')).toHaveText('Draft · never published');

  // Keyboard: the blank first step (a TEMPLATE, as an outbound flow starts) goes (Delete), and the name is typed.
  await expect(node(page, 0)).toHaveAttribute('data-step-type', 'TEMPLATE');
  await node(page, 0).click();
  await page.keyboard.press('Delete');
  await expect(page.locator('[data-step-node]')).toHaveCount(0);
  await page.getByRole('region', { name: 'Flow settings' }).getByRole('textbox', { name: 'Flow name' }).fill('Budget check');

  // Mouse: a question dropped from the palette becomes the first step.
  const canvas = page.locator('[data-builder-canvas]');
  await page.locator('[data-palette="QUESTION"]').dragTo(canvas, { targetPosition: { x: 420, y: 90 } });
  await expect(node(page, 0)).toBeVisible();
  const panel = page.getByRole('region', { name: 'Step settings' });
  await panel.getByLabel('Question', { exact: true }).fill('What is your budget?');
  await panel.getByLabel('Answer type').selectOption('SINGLE_OPTION');
  await panel.getByRole('button', { name: '+ Add option' }).click();
  await panel.getByRole('button', { name: '+ Add option' }).click();
  await panel.getByRole('textbox', { name: 'Option 1' }).fill('Low');
  await panel.getByRole('textbox', { name: 'Option 2' }).fill('High');
  await panel.getByLabel('Show options as').selectOption('BUTTONS');
  await expect(panel.getByLabel('Message preview')).toContainText('↩ High');
  // What "other answer" means for a question whose answer must be one of its options.
  await expect(panel.getByTestId('other-answer-hint')).toContainText('takes the options without a branch of their own');

  // Dragging branches out to empty space adds connected steps.
  await dragOut(page, handle(page, 0, 'other answer'), 0, 70, 'Condition');
  await expect(node(page, 1)).toBeVisible();
  await panel.getByLabel('Field').fill('step.question');
  await panel.getByLabel('Value').fill('High');
  await dragOut(page, handle(page, 1, 'then'), -160, 70, 'Tag');
  await panel.getByLabel('Contact tags (comma separated)').fill('hot-lead');
  await dragOut(page, handle(page, 1, 'otherwise'), 160, 70, 'Message');
  await panel.getByLabel('Text', { exact: true }).fill('Thanks, we will write again soon.');
  await dragOut(page, handle(page, 2, 'next'), 0, 70, 'Message');
  // The answer of the question is offered as a variable.
  const text = panel.getByLabel('Text', { exact: true });
  await text.fill('Great: ');
  await text.pressSequentially('{{step.q');
  await page.getByRole('listbox', { name: 'Variables' }).getByRole('option', { name: '{{step.question}}' }).click();
  await expect(text).toHaveValue('Great: {{step.question}}');
  await dragOut(page, handle(page, 4, 'next'), 0, 70, 'End');
  await connect(page, handle(page, 3, 'next'), node(page, 5));
  await expect(page.locator('[data-step-node]')).toHaveCount(6);
  await expect(page.locator('.react-flow__edge')).toHaveCount(6);
  await page.getByRole('button', { name: 'Auto-layout' }).click();
  await saved(page);
  await expect(page.getByTestId('problem-count')).toHaveCount(0);
  if (SHOTS) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Zoom to fit' }).click();
    await node(page, 0).click();
    await page.screenshot({ path: `${SHOTS}/builder-1440.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Zoom to fit' }).click();
    await page.screenshot({ path: `${SHOTS}/builder-1280.png` });
    await page.setViewportSize({ width: 1440, height: 1300 });
  }

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Published version 1');
  await expect(page.getByTestId('flow-status')).toHaveText('Published · v1 live');

  // The test run: the phone gets the question with its buttons, answers High, and the path lights up.
  await page.getByRole('button', { name: 'Test run' }).click();
  const run = page.getByRole('region', { name: 'Test run' });
  const phone = uniquePhone();
  await run.getByLabel('Sandbox phone number').fill(phone);
  await run.getByRole('button', { name: 'Start test run' }).click();
  await expect(run.getByTestId('phone-message').first()).toContainText('What is your budget?', { timeout: 20_000 });
  await expect(node(page, 0)).toHaveAttribute('data-run', 'current', { timeout: 10_000 });
  await run.getByRole('textbox', { name: 'Message' }).fill('High');
  await run.getByRole('button', { name: 'Send' }).click();
  await expect(run.getByTestId('test-run-status')).toHaveText('Completed', { timeout: 20_000 });
  for (const idx of [0, 1, 2, 4, 5]) await expect(node(page, idx)).toHaveAttribute('data-run', 'done');
  await expect(node(page, 3)).toHaveAttribute('data-run', '');
  await expect(node(page, 0).locator('[data-run-answer]')).toHaveText('Answer: High');
  await expect(page.locator('.react-flow__edge.animated')).toHaveCount(4);
  await expect(run.getByTestId('phone-message').last()).toContainText('Great: High');
  if (SHOTS) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Zoom to fit' }).click();
    await page.screenshot({ path: `${SHOTS}/builder-test-run.png` });
    await page.setViewportSize({ width: 1440, height: 1300 });
  }

  // A draft change is tried on the phone before it is published; the live version stays as it was.
  await run.getByRole('button', { name: 'Close test run' }).click();
  await node(page, 4).click();
  await panel.getByLabel('Text', { exact: true }).fill('Super: {{step.question}}');
  await saved(page);
  await expect(page.getByTestId('flow-status')).toHaveText('Draft · v1 live');
  await page.getByRole('button', { name: 'Test run' }).click();
  await expect(run.getByTestId('test-run-mode')).toContainText('Tries the draft');
  await run.getByLabel('Sandbox phone number').fill(uniquePhone());
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/builder-try-draft.png` });
  await run.getByRole('button', { name: 'Try the draft' }).click();
  await expect(run.getByTestId('phone-message').first()).toContainText('What is your budget?', { timeout: 20_000 });
  await run.getByRole('textbox', { name: 'Message' }).fill('High');
  await run.getByRole('button', { name: 'Send' }).click();
  await expect(run.getByTestId('test-run-status')).toHaveText('Completed', { timeout: 20_000 });
  await expect(run.getByTestId('phone-message').last()).toContainText('Super: High');
  await expect(node(page, 4)).toHaveAttribute('data-run', 'done');
  const flowId = /\/flows\/([0-9a-f-]+)\/builder$/.exec(page.url())![1];
  const live = await (await request.get(`/api/flow/${flowId}`, { headers: account.admin.headers })).json();
  expect(live).toMatchObject({ status: 'DRAFT', version: 1 });
  expect(live.steps[4].body).toBe('Great: {{step.question}}');
  const versions = await (await request.get(`/api/flow/${flowId}/versions`, { headers: account.admin.headers })).json();
  expect(versions.results.map((v: { version: number }) => v.version)).toEqual([1]);
  // On the flow's page the try is marked as one, apart from real runs.
  await page.goto(`/flows/${flowId}`);
  await expect(page.getByTestId('execution-try')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Executions' }).getByRole('cell', { name: 'v1', exact: true })).toHaveCount(1);
});

test('pickers: a template and its variables, members and a flow; a time-window delay; the draft holds the choices', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const account = await newAccount(request);
  await sandbox(request, account);
  const h = account.admin.headers;
  const channel = (await (await request.get('/api/channels', { headers: h })).json()).results[0];
  const created = await request.post('/api/channels/chat/template', {
    headers: h,
    data: {
      channel: channel.id, name: 'order_ready', language: 'en', category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Hi {{1}}, your order {{2}} is ready.', example: { body_text: [['Ana', 'A-1']] } }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const template = await created.json();
  const ana = await memberWithKey(request, account, 'AGENT', 'Ana');
  const gone = await memberWithKey(request, account, 'AGENT', 'Gone');
  expect((await request.patch(`/api/account-member/${gone.id}`, { headers: h, data: { is_active: false } })).status()).toBe(200);
  const target = await (await request.post('/api/flow', { headers: h, data: { name: 'Follow-up', steps: [{ ordering_idx: 0, step_type: 'END' }] } })).json();
  const billing = await (await request.post('/api/team', { headers: h, data: { name: 'Billing', assignment_strategy: 'ROUND_ROBIN', members: [{ id: ana.id }] } })).json();
  const flow = await (await request.post('/api/flow', {
    headers: h,
    data: {
      name: 'Pickers', status: 'DRAFT', steps: [
        { ordering_idx: 0, step_type: 'TEMPLATE', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'DELAY', delay_type: 'DURATION', delay_amount: 5, delay_unit: 'MINUTE', next_step_default_idx: 2 },
        { ordering_idx: 2, step_type: 'CONVERSATION' },
        { ordering_idx: 3, step_type: 'TRIGGER_FLOW' },
      ],
      layout: { 0: { x: 0, y: 0 }, 1: { x: 0, y: 200 }, 2: { x: -170, y: 400 }, 3: { x: 170, y: 400 } },
    },
  })).json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${flow.id}/builder`);
  const panel = page.getByRole('region', { name: 'Step settings' });

  // The template: picked by name, language and channel; one field per variable, variables offered.
  await node(page, 0).click();
  await panel.getByLabel('Template', { exact: true }).selectOption({ label: `order_ready · en · ${channel.name}` });
  const first = panel.getByLabel('{{1}}', { exact: true });
  await first.pressSequentially('{{contact.first');
  await page.getByRole('listbox', { name: 'Variables' }).getByRole('option', { name: '{{contact.first_name}}' }).click();
  await expect(first).toHaveValue('{{contact.first_name}}');
  await panel.getByLabel('{{2}}', { exact: true }).fill('A-7');
  await expect(panel.getByLabel('Template preview')).toContainText('Hi {{contact.first_name}}, your order A-7 is ready.');
  await expect(node(page, 0)).toContainText('order_ready (en)');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/builder-template-1280.png` });

  // The delay: time windows by weekday, added and removed; working hours offered.
  await node(page, 1).click();
  await expect(panel.getByLabel('Wait', { exact: true }).locator('option[value="WORKING_HOURS"]')).toHaveText('Until inside working hours');
  await panel.getByLabel('Wait', { exact: true }).selectOption('TIME_WINDOW');
  await panel.getByLabel('Window 1 day').selectOption({ label: 'Tuesday' });
  await panel.getByLabel('Window 1 opens').fill('10:00');
  await panel.getByLabel('Window 1 closes').fill('12:30');
  await panel.getByRole('button', { name: '+ Add time window' }).click();
  await panel.getByRole('button', { name: '+ Add time window' }).click();
  await expect(panel.getByLabel('Window 3 day')).toHaveValue('4');
  await panel.getByRole('button', { name: 'Remove window 2' }).click();
  await expect(node(page, 1).locator('[data-time-windows]')).toContainText('Tue, Thu 10:00–12:30');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/builder-delay-1280.png` });

  // The members: active ones by name and email; a deactivated one is not offered.
  await node(page, 2).click();
  await panel.getByRole('listitem').filter({ hasText: ana.email }).getByRole('checkbox').check();
  await expect(panel.getByText(gone.email)).toHaveCount(0);
  await expect(node(page, 2)).toContainText('assigned to Ana');
  // A team to hand over to, with its strategy named.
  await panel.getByLabel('Hand to team').selectOption({ label: 'Billing (round robin)' });
  await expect(node(page, 2)).toContainText('team Billing');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/builder-members-1280.png` });

  // The flow: the account's other flows, not this one.
  await node(page, 3).click();
  const flows = panel.getByLabel('Flow to start');
  await expect(flows.locator('option', { hasText: 'Pickers' })).toHaveCount(0);
  await flows.selectOption({ label: 'Follow-up · outbound · v1' });
  await expect(node(page, 3)).toContainText('Starts Follow-up');

  await saved(page);
  const draft = await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json();
  expect(draft.body.steps[0]).toMatchObject({ chat_template: template.id, template_variables: ['{{contact.first_name}}', 'A-7'] });
  expect(draft.body.steps[1]).toMatchObject({
    delay_type: 'TIME_WINDOW', time_windows: [{ day: 2, open_at: '10:00', close_at: '12:30' }, { day: 4, open_at: '10:00', close_at: '12:30' }],
  });
  expect(draft.body.steps[2]).toMatchObject({ assign_to_users: [ana.id], assign_to_team: billing.id });
  expect(draft.body.steps[3].trigger_flow).toBe(target.id);
  for (const i of ['0', '1', '2']) expect(draft.problems.steps?.[i]).toBeUndefined();
});

test('a dangling branch refuses publishing and the node says why', async ({ page, request }) => {
  const account = await newAccount(request);
  const created = await request.post('/api/flow', {
    headers: account.admin.headers,
    data: {
      name: 'Half done', status: 'DRAFT', execution_type: 'INBOUND', inbound_trigger_with: 'ANY_MESSAGE',
      steps: [
        { ordering_idx: 0, name: 'plan', step_type: 'QUESTION', body: 'Which plan?', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'CONDITIONAL', conditions: [{ field: 'step.plan', comparison: 'exact', value: 'pro' }], next_step_default_idx: 2 },
        { ordering_idx: 2, step_type: 'END' },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const flow = await created.json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${flow.id}/builder`);
  const problems = node(page, 1).getByRole('list', { name: 'Problems' });
  await expect(problems).toHaveText('⚠ The "otherwise" branch leads nowhere: connect it (to an END step to stop there).');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Not published: 1 problem(s) to fix');
  await expect(page.getByTestId('flow-status')).toHaveText('Draft · never published');
  await page.getByTestId('problem-count').click();
  await expect(page.getByRole('region', { name: 'Step settings' })).toContainText('The "otherwise" branch leads nowhere');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/builder-problem.png` });
  expect((await (await request.get(`/api/flow/${flow.id}`, { headers: account.admin.headers })).json()).version).toBe(0);

  // Connected, it publishes.
  await connect(page, handle(page, 1, 'otherwise'), node(page, 2));
  await expect(problems).toHaveCount(0, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('flow-status')).toHaveText('Published · v1 live');
  // An INBOUND flow answers only through an execution that listens: the builder says so until one runs.
  await expect(page.getByTestId('not-listening')).toHaveText('Not listening yet: start an execution');
  const listening = await request.post(`/api/flow/${flow.id}/run`, { headers: account.admin.headers, data: { execute_for: 'ALL', inbound_trigger_with: 'ANY_MESSAGE' } });
  expect(listening.status(), await listening.text()).toBe(201);
  await page.reload();
  await expect(page.getByTestId('flow-status')).toHaveText('Published · v1 live');
  await expect(page.getByTestId('listening')).toHaveText('Listening');
  await expect(page.getByTestId('not-listening')).toHaveCount(0);
});

test('undo restores a deleted step with its edges; copy and paste duplicates a step', async ({ page, request }) => {
  const account = await newAccount(request);
  const flow = await (await request.post('/api/flow', {
    headers: account.admin.headers,
    data: {
      name: 'Chain', steps: [
        { ordering_idx: 0, step_type: 'TAG', contact_tags: ['a'], next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'TAG', contact_tags: ['b'], next_step_default_idx: 2 },
        { ordering_idx: 2, step_type: 'END' },
      ],
    },
  })).json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${flow.id}/builder`);
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);
  // Each link is named for a screen reader by the steps it joins.
  await expect(page.locator('.react-flow__edge').first()).toHaveAttribute('aria-label', /^Link from Tag\b.* to Tag\b/);
  await expect(page.locator('.react-flow__edge').last()).toHaveAttribute('aria-label', /^Link from Tag\b.* to End\b/);
  await node(page, 1).click();
  await page.keyboard.press('Delete');
  await expect(page.locator('[data-step-node]')).toHaveCount(2);
  await expect(page.locator('.react-flow__edge')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(node(page, 1)).toContainText('Add b');
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);
  await saved(page);
  const draft = await (await request.get(`/api/flow/${flow.id}/draft`, { headers: account.admin.headers })).json();
  expect(draft.body.steps.map((s: { next_step_default_idx: number | null }) => s.next_step_default_idx)).toEqual([1, 2, null]);
  await page.keyboard.press('Control+Shift+z');
  await expect(page.locator('[data-step-node]')).toHaveCount(2);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('[data-step-node]')).toHaveCount(3);

  await node(page, 1).click();
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(node(page, 3)).toContainText('Add b');
  await expect(page.locator('[data-step-node]')).toHaveCount(4);
});

test('an exported flow imports into another account and runs there', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const acme = await newAccount(request);
  const other = await newAccount(request);
  await sandbox(request, other);
  const flow = await (await request.post('/api/flow', {
    headers: acme.admin.headers,
    data: {
      name: 'Shared flow', steps: [
        { ordering_idx: 0, name: 'size', step_type: 'QUESTION', body: 'Which size?', answer_type: 'SINGLE_OPTION', answer_options: ['S', 'M'], answer_options_render: 'BUTTONS', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'MESSAGE', body: 'Size {{step.size}} noted.' },
      ],
      layout: { 0: { x: 0, y: 0 }, 1: { x: 0, y: 260 } },
    },
  })).json();
  await signIn(page, acme.admin.email, acme.password);
  await page.goto(`/flows/${flow.id}/builder`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(exported).toMatchObject({ name: 'Shared flow', layout: { 0: { x: 0, y: 0 }, 1: { x: 0, y: 260 } } });

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const second = await context.newPage();
  await signIn(second, other.admin.email, other.password);
  await second.goto('/flows/new');
  await second.getByLabel('Flow file').setInputFiles(file);
  await expect(second).toHaveURL(/\/flows\/[0-9a-f-]+\/builder$/);
  await expect(second.getByTestId('flow-status')).toHaveText('Draft · never published');
  await expect(second.locator('[data-step-node]')).toHaveCount(2);
  await second.getByRole('button', { name: 'Publish' }).click();
  await expect(second.getByTestId('flow-status')).toHaveText('Published · v1 live');
  await second.getByRole('button', { name: 'Test run' }).click();
  const run = second.getByRole('region', { name: 'Test run' });
  await run.getByLabel('Sandbox phone number').fill(uniquePhone());
  await run.getByRole('button', { name: 'Start test run' }).click();
  await expect(run.getByTestId('phone-message').first()).toContainText('Which size?', { timeout: 20_000 });
  await run.getByRole('textbox', { name: 'Message' }).fill('M');
  await run.getByRole('button', { name: 'Send' }).click();
  await expect(run.getByTestId('test-run-status')).toHaveText('Completed', { timeout: 20_000 });
  await expect(run.getByTestId('phone-message').last()).toContainText('Size M noted.');
  await context.close();
});

test('a starter template opens as a draft, and version history restores an earlier version', async ({ page, request }) => {
  const account = await newAccount(request);
  await signIn(page, account.admin.email, account.password);
  await page.goto('/flows/new');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/new-flow.png`, fullPage: true });
  await page.getByRole('button', { name: 'Use template Support triage' }).click();
  await expect(page).toHaveURL(/\/flows\/[0-9a-f-]+\/builder$/);
  await expect(page.getByTestId('flow-status')).toHaveText('Draft · never published');
  await expect(page.locator('[data-step-node]')).toHaveCount(5);
  await expect(node(page, 0)).toContainText('Hi! What do you need help with?');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('flow-status')).toHaveText('Published · v1 live');

  await node(page, 4).click();
  await page.keyboard.press('Delete');
  await saved(page);
  await expect(page.getByTestId('problem-count')).toBeVisible();
  await page.getByRole('button', { name: 'Versions' }).click();
  const versions = page.getByRole('region', { name: 'Version history' });
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await expect(versions.getByRole('listitem')).toContainText('LIVE');
  await versions.getByRole('button', { name: 'Restore version 1 as the draft' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Version 1 restored as the draft');
  await expect(page.locator('[data-step-node]')).toHaveCount(5);
  await expect(page.getByTestId('problem-count')).toHaveCount(0);
});

test('on a phone (390 px) the canvas gets the width: the steps are drawn, a tapped step type is added', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await newAccount(request);
  const flow = await (await request.post('/api/flow', {
    headers: account.admin.headers,
    data: { name: 'On a phone', status: 'DRAFT', steps: [{ ordering_idx: 0, step_type: 'MESSAGE', body: 'Hi', next_step_default_idx: 1 }, { ordering_idx: 1, step_type: 'END' }] },
  })).json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${flow.id}/builder`);
  await expect(node(page, 0)).toBeVisible();
  await expect(node(page, 1)).toBeVisible();
  const canvas = (await page.locator('[data-builder-canvas]').boundingBox())!;
  expect(canvas.width).toBeGreaterThanOrEqual(380);
  expect(canvas.height).toBeGreaterThanOrEqual(400);
  // The page itself does not scroll sideways: the palette scrolls within its strip.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('complementary', { name: 'Step types' }).getByRole('button', { name: /^Question/ }).click();
  await expect(page.locator('[data-step-node]')).toHaveCount(3);
  await page.getByRole('complementary', { name: 'Step types' }).getByRole('button', { name: /^Question/ }).click();
  await expect(page.locator('[data-step-node]')).toHaveCount(4);
  // Each tapped step lands in the middle of the view, below any step already there: none covers another.
  const boxes = await Promise.all((await page.locator('[data-step-node]').all()).map(async (n) => (await n.boundingBox())!));
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, `${JSON.stringify(a)} and ${JSON.stringify(b)} overlap`).toBe(true);
    }
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/builder-390.png`, fullPage: true });
});

test('an ACTION tried from its panel; a question\'s options from its list: chosen in the panel, shown on the node and the preview, published and run on the sandbox phone', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const http = await import('node:http');
  const api = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ slots: [{ id: 'a1', label: 'Mon 9:00' }, { id: 'b2', label: 'Tue 10:30' }] }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(api.address() as { port: number }).port}/slots`;
  const account = await newAccount(request);
  const h = account.admin.headers;
  const created = await request.post('/api/flow', {
    headers: h,
    data: {
      // Started by API: its error branch may write a free-form MESSAGE first (an OUTBOUND flow could not).
      name: 'Booking', status: 'DRAFT', execution_type: 'API', steps: [
        { ordering_idx: 0, name: 'lookup', step_type: 'ACTION', action_request_url: url, next_step_default_idx: 1, next_step_alternate_idx: 2 },
        { ordering_idx: 1, name: 'slot', step_type: 'QUESTION', body: 'Which time suits you?', answer_type: 'SINGLE_OPTION', answer_options: ['Soon'], next_step_default_idx: 2 },
        { ordering_idx: 2, step_type: 'MESSAGE', body: 'See you {{step.slot.label}} ({{step.slot.id}}).' },
      ],
      layout: { 0: { x: 0, y: 0 }, 1: { x: 0, y: 220 }, 2: { x: 0, y: 460 } },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const flow = await created.json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${flow.id}/builder`);
  const panel = page.getByRole('region', { name: 'Step settings' });

  // The ACTION's request tried from its panel: its answer shown, and kept for the steps after it.
  await node(page, 0).click();
  await panel.getByRole('button', { name: 'Send test request' }).click();
  await expect(panel.getByTestId('action-test-result')).toContainText('HTTP 200');
  await expect(panel.getByTestId('action-test-result')).toContainText('"label": "Mon 9:00"');
  await saved(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/builder-action-test-1280.png` });

  await node(page, 1).click();
  await expect(panel.getByLabel('Option 1', { exact: true })).toHaveValue('Soon');
  await panel.getByLabel('Options from a variable').check();
  await expect(panel.getByLabel('Option 1', { exact: true })).toHaveCount(0);
  const variable = panel.getByLabel('List variable', { exact: true });
  await variable.fill('{{step.nope.slots}}');
  await expect(panel).toContainText('{{step.nope.slots}}: no step is named "nope".', { timeout: 10_000 });
  // The trial's fields are offered as variables, and the list's item fields for the title and the answer.
  await variable.fill('');
  await variable.pressSequentially('{{step.lookup.sl');
  await page.getByRole('listbox', { name: 'Variables' }).getByRole('option', { name: '{{step.lookup.slots}}' }).click();
  await expect(variable).toHaveValue('{{step.lookup.slots}}');
  await expect(page.locator('#option-item-fields option')).toHaveCount(2);
  expect(await page.locator('#option-item-fields option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['id', 'label']);
  // Until the title field is chosen, the tested answer gives no option, and the panel says why.
  await expect(panel.getByTestId('tested-options')).toHaveText(
    'With the tested answer: 2 items in {{step.lookup.slots}}, none with a title (the items are not text: choose the title field). Its items have id, label.');
  await panel.getByLabel('Title field').fill('label');
  await expect(panel.getByTestId('tested-options')).toHaveText('With the tested answer: Mon 9:00 · Tue 10:30');
  await panel.getByLabel('When the list is empty', { exact: true }).fill('Nothing is free this week.');
  await panel.getByLabel('Show options as').selectOption('BUTTONS');
  await expect(node(page, 1)).toContainText('Options from {{step.lookup.slots}}');
  await expect(panel.getByLabel('Message preview')).toContainText('↩ Tue 10:30');
  await saved(page);
  await expect(page.getByTestId('problem-count')).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/builder-variable-options-1280.png` });
  // The step after it is offered the fields of the item the question answers with.
  await node(page, 2).click();
  const text = panel.getByLabel('Text', { exact: true });
  await text.fill('');
  await text.pressSequentially('At {{step.slot.');
  await expect(page.getByRole('listbox', { name: 'Variables' }).getByRole('option', { name: '{{step.slot.id}}' })).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Variables' }).getByRole('option', { name: '{{step.slot.label}}' })).toBeVisible();
  await text.fill('See you {{step.slot.label}} ({{step.slot.id}}).');
  await saved(page);
  const draft = await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json();
  expect(draft.body.steps[1]).toMatchObject({
    has_options_from_variable: true, options_from_variable: '{{step.lookup.slots}}', option_from_variable_title: 'label',
    missing_options_message: 'Nothing is free this week.', answer_options: [],
  });

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('flow-status')).toHaveText('Published · v1 live');
  const phone = uniquePhone();
  const tried = await request.post(`/api/flow/${flow.id}/try-on-sandbox`, { headers: h, data: { phone } });
  expect(tried.status(), await tried.text()).toBe(201);
  const messages = async () => (await (await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, { headers: h })).json()).results as { body: string; content: Record<string, any> }[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  await expect.poll(async () => (await messages()).length, { timeout: 20_000 }).toBe(1);
  const buttons = (await messages())[0].content.interactive.action.buttons as { reply: { id: string; title: string } }[];
  expect(buttons.map((b) => b.reply.title)).toEqual(['Mon 9:00', 'Tue 10:30']);
  const tapped = await request.post('/api/channels/sandbox/inbound', { headers: h, data: { phone, type: 'interactive', interactive_type: 'button_reply', button: buttons[1].reply } });
  expect(tapped.status(), await tapped.text()).toBe(201);
  await expect.poll(async () => (await messages()).at(-1)?.body, { timeout: 20_000 }).toBe('See you Tue 10:30 (b2).');

  await page.goto(`/flows/${flow.id}`);
  await expect(page.getByText('from the items of')).toContainText('{{step.lookup.slots}}');
  api.close();
});

test('an edit made just before leaving the builder is saved', async ({ page, request }) => {
  const account = await newAccount(request);
  const h = account.admin.headers;
  const created = await request.post('/api/flow', {
    headers: h, data: { name: 'Quick', status: 'DRAFT', steps: [{ ordering_idx: 0, step_type: 'MESSAGE', body: 'Hello' }], layout: { 0: { x: 0, y: 0 } } },
  });
  const flow = await created.json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${flow.id}/builder`);
  await node(page, 0).click();
  await page.getByRole('region', { name: 'Step settings' }).getByLabel('Text', { exact: true }).fill('Hello again');
  // Within the autosave's half second.
  await page.getByRole('link', { name: '← Flow' }).click();
  await expect(page).toHaveURL(new RegExp(`/flows/${flow.id}$`));
  await expect.poll(async () => (await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json()).body.steps[0].body, { timeout: 10_000 })
    .toBe('Hello again');
});

test('tags and execution variables are typed key by key, commas and spaces kept as typed', async ({ page, request }) => {
  const account = await newAccount(request);
  const h = account.admin.headers;
  const created = await request.post('/api/flow', {
    headers: h, data: { name: 'Tagging', status: 'DRAFT', steps: [{ ordering_idx: 0, step_type: 'TAG', contact_tags: ['old'] }], layout: { 0: { x: 0, y: 0 } } },
  });
  const flow = await created.json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${flow.id}/builder`);
  await node(page, 0).click();
  const tags = page.getByRole('region', { name: 'Step settings' }).getByLabel('Contact tags (comma separated)');
  await tags.fill('');
  await tags.pressSequentially('shoes, spring lead');
  await expect(tags).toHaveValue('shoes, spring lead');
  await expect.poll(async () => (await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json()).body.steps[0].contact_tags, { timeout: 10_000 })
    .toEqual(['shoes', 'spring lead']);

  await page.getByRole('button', { name: 'Close step settings' }).click();
  const variables = page.getByRole('region', { name: 'Flow settings' }).getByLabel('Execution variables (comma separated)');
  await variables.pressSequentially('order_id, coupon code');
  await expect(variables).toHaveValue('order_id, coupon code');
});

test('a flow whose first step was deleted gets another one from the step panel', async ({ page, request }) => {
  const account = await newAccount(request);
  const h = account.admin.headers;
  const created = await request.post('/api/flow', {
    headers: h, data: {
      name: 'Restart', status: 'DRAFT', execution_type: 'INBOUND', inbound_trigger_with: 'ANY_MESSAGE',
      steps: [
        { ordering_idx: 0, step_type: 'MESSAGE', body: 'First', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'MESSAGE', body: 'Second', next_step_default_idx: 2 },
        { ordering_idx: 2, step_type: 'END' },
      ],
      layout: { 0: { x: 0, y: 0 }, 1: { x: 0, y: 200 }, 2: { x: 0, y: 400 } },
    },
  });
  const flow = await created.json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${flow.id}/builder`);
  await node(page, 0).click();
  const panel = page.getByRole('region', { name: 'Step settings' });
  await expect(panel.getByRole('button', { name: 'Make this the first step' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Delete step' }).click();
  await expect(page.getByText('START', { exact: true })).toHaveCount(0);

  await node(page, 1).click();
  await panel.getByRole('button', { name: 'Make this the first step' }).click();
  await expect(node(page, 0)).toContainText('Second');
  await expect(node(page, 0)).toContainText('START');
  await expect.poll(async () => (await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json()).body.steps
    .map((s: { ordering_idx: number; step_type: string; next_step_default_idx: number | null }) => [s.ordering_idx, s.step_type, s.next_step_default_idx]), { timeout: 10_000 })
    .toEqual([[0, 'MESSAGE', 2], [2, 'END', null]]);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('flow-status')).toHaveText('Published · v1 live');
});

test('a step\'s branches are linked from its panel too, by keyboard: each names where it goes', async ({ page, request }) => {
  const account = await newAccount(request);
  const h = account.admin.headers;
  const created = await request.post('/api/flow', {
    headers: h, data: {
      name: 'Linked by keys', status: 'DRAFT', execution_type: 'INBOUND', inbound_trigger_with: 'ANY_MESSAGE',
      steps: [
        { ordering_idx: 0, name: 'size', step_type: 'MENU', body: 'Which size?', answer_options: ['S', 'M'] },
        { ordering_idx: 1, step_type: 'MESSAGE', body: 'Small it is.' },
        { ordering_idx: 2, step_type: 'END' },
      ],
      layout: { 0: { x: 0, y: 0 }, 1: { x: -150, y: 250 }, 2: { x: 150, y: 250 } },
    },
  });
  const flow = await created.json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${flow.id}/builder`);
  await node(page, 0).click();
  const next = page.getByRole('region', { name: 'Step settings' }).getByRole('region', { name: 'Where it goes next' });
  await expect(next.getByLabel('S goes to')).toHaveValue('');
  await next.getByLabel('S goes to').focus();
  await next.getByLabel('S goes to').selectOption({ label: 'Message · Small it is.' });
  await next.getByLabel('M goes to').selectOption('2');
  await next.getByLabel('Failed answer goes to').selectOption('2');
  await expect.poll(async () => (await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json()).body.steps[0].next_steps_for_options_idx, { timeout: 10_000 })
    .toEqual([1, 2]);
  await expect(page.locator('.react-flow__edge')).toHaveCount(3);
  // Back to nowhere.
  await next.getByLabel('M goes to').selectOption('');
  await expect.poll(async () => (await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json()).body.steps[0].next_steps_for_options_idx, { timeout: 10_000 })
    .toEqual([1]);
});

test('a question offers its options from the start: one click makes it a choice with a first option', async ({ page, request }) => {
  const account = await newAccount(request);
  const h = account.admin.headers;
  const created = await request.post('/api/flow', {
    headers: h, data: {
      name: 'Ask', status: 'DRAFT', execution_type: 'INBOUND', inbound_trigger_with: 'ANY_MESSAGE',
      steps: [{ ordering_idx: 0, name: 'pick', step_type: 'QUESTION', body: 'Shoes or bags?' }], layout: { 0: { x: 0, y: 0 } },
    },
  });
  const flow = await created.json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${flow.id}/builder`);
  await node(page, 0).click();
  const panel = page.getByRole('region', { name: 'Step settings' });
  await panel.getByRole('button', { name: '+ Offer options to choose from (buttons or a list)' }).click();
  await expect(panel.getByLabel('Answer type')).toHaveValue('SINGLE_OPTION');
  await expect(panel.getByRole('textbox', { name: 'Option 1' })).toHaveValue('Option 1');
  await expect(panel.getByRole('button', { name: '+ Offer options to choose from (buttons or a list)' })).toHaveCount(0);
});

test("a TEMPLATE step with quick-reply buttons waits for a tap: a branch per button on the node, named as problems until connected", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const account = await newAccount(request);
  const h = account.admin.headers;
  const channel = (await (await request.get('/api/channels', { headers: h })).json()).results[0];
  const created = await request.post('/api/channels/chat/template', {
    headers: h,
    data: {
      channel: channel.id, name: 'spring_offer', language: 'en', category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Our spring sale starts today. Interested?' },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Yes please' }, { type: 'QUICK_REPLY', text: 'No thanks' }] }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const template = await created.json();
  const flow = await (await request.post('/api/flow', {
    headers: h,
    data: { name: 'Offer', status: 'DRAFT', steps: [
      { ordering_idx: 0, name: 'offer', step_type: 'TEMPLATE', chat_template: template.id, next_step_default_idx: 1 },
      { ordering_idx: 1, step_type: 'END' },
    ] },
  })).json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${flow.id}/builder`);
  const panel = page.getByRole('region', { name: 'Step settings' });
  await node(page, 0).click();
  await expect(node(page, 0).locator('[data-branch]')).toHaveCount(1);
  await panel.getByLabel('Wait for a tap on a quick-reply button (a branch each)').check();
  await expect(node(page, 0).locator('[data-branch]')).toHaveCount(3);
  await expect(node(page, 0).locator('[data-branch="Yes please"]')).toHaveCount(1);
  await expect(node(page, 0).locator('[data-branch="other answer"]')).toHaveCount(1);
  await expect(node(page, 0).getByRole('list', { name: 'Problems' })).toContainText('The "Yes please" branch leads nowhere', { timeout: 10_000 });
  await saved(page);
  const draft = await (await request.get(`/api/flow/${flow.id}/draft`, { headers: h })).json();
  expect(draft.body.steps[0].answer_options).toEqual(['Yes please', 'No thanks']);
});

test('a GO_TO step names the step it goes to, as its edge may cross others', async ({ page, request }) => {
  const account = await newAccount(request);
  const created = await request.post('/api/flow', {
    headers: account.admin.headers,
    data: {
      name: 'Loop back',
      steps: [
        { ordering_idx: 0, name: 'size', step_type: 'QUESTION', body: 'Size?', next_step_default_idx: 1 },
        { ordering_idx: 1, step_type: 'GO_TO', next_step_default_idx: 0 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${(await created.json()).id}/builder`);
  await expect(node(page, 1)).toContainText('Goes to “size” (Question)');
});
