import { expect, test } from '@playwright/test';
import { newAccount, type TestAccount } from '../api/factories';
import { Receiver } from '../api/receiver';
import { signIn } from './sign-in';

// The Webhooks area through the browser: create a subscription (secret shown once), see real
// deliveries to a loopback receiver succeed in the log with their attempts, send a test event,
// reveal and rotate the secret, filter the log, switch the subscription off; the API's field
// errors under the form's fields; what a non-admin sees.

const UUID_PATH = /\/webhooks\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A phone of the form +5255 and 8 digits, unique enough across runs. */
function phone(): string {
  return `+5255${String(Date.now() % 1e8).padStart(8, '0')}`;
}

let account: TestAccount;
let receiver: Receiver;
let n = 0;
const nextPath = () => `/ui-hook-${++n}-${Date.now()}`;

test.beforeAll(async () => {
  receiver = await new Receiver().start();
});
test.afterAll(async () => {
  await receiver.stop();
});
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
});

test('a subscription created in the UI shows its secret once, logs real deliveries, sends a test event and can be switched off', async ({ page, request }) => {
  test.setTimeout(120_000);
  const path = nextPath();
  const target = receiver.url(path);
  await signIn(page, account.admin.email, account.password);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('No webhook subscriptions yet')).toBeVisible();
  await page.getByRole('link', { name: 'New subscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New webhook subscription' })).toBeVisible();

  await page.getByLabel('Target URL').fill(target);
  await page.getByLabel('contact.created', { exact: true }).check();
  await page.getByLabel('contact.updated', { exact: true }).check();
  await expect(page.getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Create subscription' }).click();

  // The secret, once, with a warning and a copy button.
  const shownSecret = page.getByTestId('new-webhook-secret');
  await expect(shownSecret).toBeVisible();
  const secret = (await shownSecret.textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await expect(page.getByText('It will not be shown again')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy signing secret' })).toBeVisible();

  await page.getByRole('link', { name: 'Go to subscription' }).click();
  await expect(page).toHaveURL(UUID_PATH);
  const detailUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByTestId('new-webhook-secret')).toHaveCount(0);
  await expect(page.getByText('Nothing delivered yet')).toBeVisible();

  // A contact created through the API is delivered to the receiver and logged as succeeded.
  const contactPhone = phone();
  const created = await request.post('/api/contact', { headers: account.admin.headers, data: { phone: contactPhone } });
  expect(created.status(), await created.text()).toBe(201);
  await expect.poll(() => receiver.at(path).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);

  const log = page.getByRole('table', { name: 'Deliveries' });
  const statuses = page.getByTestId('delivery-status');
  // The page was open before the delivery existed: refresh until it shows (it then polls itself).
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(statuses).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(statuses.first()).toHaveText('Succeeded', { timeout: 30_000 });
  await expect(log).toContainText('contact.created');

  // Open the delivery: the payload and the attempt with its answer.
  const open = log.getByRole('button', { name: 'contact.created details' });
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const detail = page.getByTestId('delivery-detail');
  await expect(detail.getByLabel('Payload')).toContainText('"type": "contact.created"');
  await expect(detail.getByLabel('Payload')).toContainText(contactPhone.slice(-8));
  const attempt = detail.getByRole('listitem', { name: 'Attempt 1' });
  await expect(attempt).toBeVisible();
  await expect(attempt.getByTestId('attempt-outcome')).toHaveText('HTTP 200');
  await expect(attempt.getByLabel('Response body of attempt 1')).toHaveText('ok');
  await expect(attempt.getByRole('table', { name: 'Request headers of attempt 1' })).toContainText('webhook-signature');

  // A test event is delivered like any other, and polled into view without a refresh.
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Test event' })).toContainText('contact.created');
  await expect(statuses).toHaveCount(2, { timeout: 15_000 });
  await expect.poll(() => receiver.at(path).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expect(statuses.nth(0)).toHaveText('Succeeded', { timeout: 30_000 });
  await expect(statuses.nth(1)).toHaveText('Succeeded');

  // Filtering: nothing failed.
  const filter = page.getByRole('group', { name: 'Filter deliveries by status' });
  await filter.getByRole('button', { name: 'Failed' }).click();
  await expect(filter.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('No failed deliveries')).toBeVisible();
  await filter.getByRole('button', { name: 'Succeeded' }).click();
  await expect(statuses).toHaveCount(2);
  await filter.getByRole('button', { name: 'All' }).click();

  // Admins reveal the secret (the one shown at creation) and rotate it; the old one is kept for a while.
  await page.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(page.getByTestId('webhook-secret')).toHaveText(secret);
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
  await expect(page.getByTestId('webhook-previous-secret')).toHaveText(secret);
  await expect(page.getByTestId('webhook-secret')).not.toHaveText(secret);
  await expect(page.getByText('Still signs deliveries until')).toBeVisible();

  // Switch it off: the status says so, here and in the list.
  const active = page.getByRole('switch', { name: 'Active' });
  await active.click();
  await expect(active).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('subscription-status')).toHaveText('Disabled');
  const got = await request.get(detailUrl.replace(/.*\/webhooks\//, '/api/webhook-subscription/'), { headers: account.admin.headers });
  expect(await got.json()).toMatchObject({ is_active: false, disabled_reason: null });

  await page.getByRole('link', { name: '← Webhooks' }).click();
  const row = page.getByRole('table', { name: 'Webhook subscriptions' }).getByRole('row', { name: new RegExp(path) });
  await expect(row).toContainText('Disabled');
  await expect(row).toContainText('contact.created');
  await expect(row).toContainText('contact.updated');
});

test('the API\'s field errors show under the target and the event checkboxes; a fixed form creates, edits and deletes', async ({ page }) => {
  await signIn(page, account.admin.email, account.password);
  await page.goto('/webhooks/new');
  await page.getByLabel('Target URL').fill('ftp://example.com/hook');
  await page.getByRole('button', { name: 'Create subscription' }).click();

  await expect(page.getByText('This list may not be empty.')).toBeVisible();
  await expect(page.getByLabel('contact.created', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  const targetField = page.getByLabel('Target URL');
  await expect(targetField).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/webhooks\/new$/);
  await expect(page.getByTestId('new-webhook-secret')).toHaveCount(0);

  // Fixed, it is created; then edited (PUT) and deleted.
  const target = receiver.url(nextPath());
  await targetField.fill(target);
  await page.getByLabel('contact.deleted', { exact: true }).check();
  await page.getByRole('button', { name: 'Create subscription' }).click();
  await expect(page.getByTestId('new-webhook-secret')).toBeVisible();
  await page.getByRole('link', { name: 'Go to subscription' }).click();
  await expect(page).toHaveURL(UUID_PATH);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('contact.deleted', { exact: true })).toBeChecked();
  await page.getByLabel('flow_execution_contact.completed', { exact: true }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(UUID_PATH);
  await expect(page.getByText('flow_execution_contact.completed')).toBeVisible();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete subscription' }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
  await expect(page.getByText('No webhook subscriptions yet')).toBeVisible();
});

test('members who are not admins see no secret, no resend and no editing controls', async ({ page, request }) => {
  const res = await request.post('/api/webhook-subscription', {
    headers: account.admin.headers, data: { events: ['contact.deleted'], target: receiver.url(nextPath()) },
  });
  expect(res.status()).toBe(201);
  const { id } = await res.json();
  await signIn(page, account.agent.email, account.password);
  await page.goto(`/webhooks/${id}`);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByText('Only admins can see or rotate it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reveal secret' })).toHaveCount(0);
  await expect(page.getByLabel('Resend failed since')).toHaveCount(0);
  // A test delivery can switch the subscription off (a 410 answer): admins only, as the API has it.
  await expect(page.getByRole('button', { name: 'Send test event' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Active' })).toBeDisabled();
  await page.goto('/webhooks');
  await expect(page.getByRole('link', { name: 'New subscription' })).toHaveCount(0);
  // Forms they could not submit are not shown: they are told at once who can.
  const gated = [
    ['/webhooks/new', 'add webhook subscriptions', 'Create subscription'], [`/webhooks/${id}/edit`, 'change webhook subscriptions', 'Save changes'],
    ['/settings/channels/new', 'add channels', 'Add channel'],
  ];
  for (const [path, what, submit] of gated) {
    await page.goto(path);
    await expect(page.getByRole('alert').filter({ hasText: `Only admins can ${what}.` })).toBeVisible();
    await expect(page.getByRole('button', { name: submit })).toHaveCount(0);
  }
});

test('times on a subscription\'s page are the account\'s: why it was switched off, and "resend failed since"', async ({ page, request }) => {
  // UTC+14 all year: a time read in UTC instead would be fourteen hours off.
  await request.patch('/api/account', { headers: account.admin.headers, data: { default_timezone: 'Pacific/Kiritimati' } });
  const path = nextPath();
  receiver.on(path, () => ({ status: 410 }));
  const made = await request.post('/api/webhook-subscription', { headers: account.admin.headers, data: { events: ['contact.created'], target: receiver.url(path) } });
  const { id } = await made.json();
  await request.post('/api/contact', { headers: account.admin.headers, data: { phone: phone() } });
  await expect.poll(async () => (await (await request.get(`/api/webhook-subscription/${id}`, { headers: account.admin.headers })).json()).is_active,
    { timeout: 30_000 }).toBe(false);
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/webhooks/${id}`);
  const reason = page.getByTestId('disabled-reason');
  await expect(reason).toContainText('The target answered 410 Gone on');
  await expect(reason).not.toContainText('Z.'); // no raw ISO instant
  const since = page.getByLabel('Resend failed since');
  await expect(page.getByText(/On the account's clock \(Pacific\/Kiritimati/)).toBeVisible();
  await since.fill('2026-01-10T10:00');
  const sent = page.waitForRequest((r) => r.url().endsWith(`/api/webhook-subscription/${id}/deliveries/resend`));
  await page.getByRole('button', { name: 'Resend all failed' }).click();
  expect((await sent).postDataJSON()).toEqual({ since: '2026-01-09T20:00:00.000Z' });
});
