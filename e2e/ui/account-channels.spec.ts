import { expect, test } from '@playwright/test';
import { newAccount, sendWelcome, type TestAccount } from '../api/factories';
import { FakeCloud, TOKEN } from '../api/fake-cloud';
import { signIn } from './sign-in';

// A cloud_api channel run from the dashboard: a mistyped access token re-entered (and never shown
// back), a template the provider approves shown as approved, the channel switched off, then deleted;
// a mistyped base URL and phone number id corrected on the channel page.

let cloud: FakeCloud;
let account: TestAccount;
test.beforeAll(async () => {
  cloud = await new FakeCloud().start();
});
test.afterAll(async () => cloud.stop());
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
});

test('a channel is edited with its credentials re-entered, switched off and deleted from the dashboard', async ({ page, request }) => {
  const stamp = Date.now();
  const waba = `WABA${stamp}`;
  const added = await request.post('/api/channels', {
    headers: account.admin.headers,
    data: {
      name: 'Mistyped', phone_number_id: `PN${stamp}`, business_account_id: waba, access_token: 'EAAG-mistyped-token',
      app_secret: 'sec', verify_token: 'ver', base_url: cloud.baseUrl, api_version: 'v21.0',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = await added.json();

  await signIn(page, account.admin.email, account.password);
  await page.goto(`/settings/channels/${id}`);
  await page.getByRole('button', { name: 'Test credentials' }).click();
  await expect(page.getByTestId('credentials-result')).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('credentials-result')).toContainText('The provider refused the credentials');

  // The right token, re-entered with a new name; the field empties once saved and the token is nowhere on the page.
  await page.getByLabel('Channel name').fill('Main number');
  await page.getByLabel('New access token').fill(TOKEN);
  await page.getByRole('button', { name: 'Save channel' }).click();
  await expect(page.getByText('Channel saved.')).toBeVisible();
  await expect(page.getByLabel('New access token')).toHaveValue('');
  await expect(page.getByRole('heading', { level: 1, name: 'Main number' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('New access token')).toHaveValue('');
  expect(await page.content()).not.toContain(TOKEN);
  const read = await request.get(`/api/channels/${id}`, { headers: account.admin.headers });
  expect(await read.text()).not.toContain(TOKEN);
  await page.getByRole('button', { name: 'Test credentials' }).click();
  await expect(page.getByTestId('credentials-result')).toHaveAttribute('data-ok', 'true');

  // A template submitted from this channel is approved by the provider; a sync shows it approved.
  const components = [{ type: 'BODY', text: 'Your table is ready.' }];
  const created = await request.post('/api/channels/chat/template', {
    headers: account.admin.headers, data: { channel: id, name: 'table_ready', language: 'en', category: 'UTILITY', components },
  });
  expect(created.status(), await created.text()).toBe(201);
  const template = await created.json();
  await page.goto(`/templates/${template.id}`);
  await expect(page.getByTestId('template-status')).toHaveAttribute('data-status', 'pending');
  cloud.setTemplates(waba, [[{ id: 'TPL-UI', name: 'table_ready', language: 'en', category: 'UTILITY', status: 'APPROVED', components }]]);
  await page.goto(`/settings/channels/${id}`);
  await page.getByRole('button', { name: 'Sync templates' }).click();
  await expect(page.getByTestId('sync-result')).toBeVisible();
  await page.goto(`/templates/${template.id}`);
  await expect(page.getByTestId('template-status')).toHaveAttribute('data-status', 'approved');
  await expect(page.getByTestId('template-status')).toHaveText('Approved');

  // Switched off.
  await page.goto(`/settings/channels/${id}`);
  const power = page.getByRole('switch', { name: 'Switched on' });
  await expect(power).toHaveAttribute('aria-checked', 'true');
  await power.click();
  await expect(power).toHaveAttribute('aria-checked', 'false');
  expect((await (await request.get(`/api/channels/${id}`, { headers: account.admin.headers })).json()).status).toBe('INACTIVE');

  // Deleted, after confirming.
  await page.getByRole('button', { name: 'Delete channel' }).click();
  await page.getByRole('dialog', { name: 'Delete the channel "Main number"?' }).getByRole('button', { name: 'Delete channel' }).click();
  await expect(page).toHaveURL(/\/settings\/channels$/);
  await expect(page.getByText('Main number')).toHaveCount(0);
  expect((await request.get(`/api/channels/${id}`, { headers: account.admin.headers })).status()).toBe(404);
});

test('a mistyped base URL and phone number id are corrected on the channel page; of its settings only those changed are sent', async ({ page, request }) => {
  const stamp = Date.now();
  const added = await request.post('/api/channels', {
    headers: account.admin.headers,
    data: {
      name: 'Wrong address', phone_number_id: `PNX${stamp}`, business_account_id: `WABA${stamp}`, access_token: TOKEN,
      app_secret: 'sec', verify_token: 'ver', base_url: 'http://127.0.0.1:9', api_version: 'v21.0',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = await added.json();

  await signIn(page, account.admin.email, account.password);
  await page.goto(`/settings/channels/${id}`);
  await page.getByRole('button', { name: 'Test credentials' }).click();
  await expect(page.getByTestId('credentials-result')).toContainText('The credentials could not be checked', { timeout: 30_000 });

  const patches: Record<string, unknown>[] = [];
  page.on('request', (r) => { if (r.method() === 'PATCH') patches.push(r.postDataJSON()); });
  await expect(page.getByLabel('Base URL')).toHaveValue('http://127.0.0.1:9');
  await page.getByLabel('Base URL').fill(cloud.baseUrl);
  await page.getByLabel('Phone number ID').fill(`PN${stamp}`);
  await page.getByRole('button', { name: 'Save channel' }).click();
  await expect(page.getByText('Channel saved.')).toBeVisible();
  // The name and rate limit as always; of the provider settings, only the two changed.
  expect(patches).toEqual([{ name: 'Wrong address', rate_limit: 80, base_url: cloud.baseUrl, phone_number_id: `PN${stamp}` }]);
  const read = await (await request.get(`/api/channels/${id}`, { headers: account.admin.headers })).json();
  expect(read.cloud_api_settings).toMatchObject({ base_url: cloud.baseUrl, phone_number_id: `PN${stamp}`, api_version: 'v21.0' });

  await page.getByRole('button', { name: 'Test credentials' }).click();
  await expect(page.getByTestId('credentials-result')).toHaveAttribute('data-ok', 'true');
  await page.getByLabel('Base URL').fill('not a url');
  await page.getByRole('button', { name: 'Save channel' }).click();
  await expect(page.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true');
});

test('a channel added from the dashboard shows itself ACTIVE with its templates synced, without a reload', async ({ page }) => {
  await signIn(page, account.admin.email, account.password);
  await page.goto('/settings/channels/new');
  const stamp = Date.now();
  await page.getByLabel('Name', { exact: true }).fill(`Live ${stamp}`);
  await page.getByLabel('Phone number ID').fill(`PN${stamp}`);
  await page.getByLabel('Business account ID').fill(`WABA${stamp}`);
  await page.getByLabel('Access token').fill(TOKEN);
  await page.getByLabel('App secret').fill('app-secret');
  await page.getByLabel('Verify token').fill('verify-me');
  await page.getByLabel('Base URL').fill(cloud.baseUrl);
  await page.getByRole('button', { name: 'Add channel' }).click();
  await expect(page).toHaveURL(/\/settings\/channels\/\d+$/);
  // The first template sync runs in the background just after the answer; the page follows it.
  await expect(page.getByTestId('channel-status')).toHaveAttribute('data-status', 'ACTIVE', { timeout: 15_000 });
});

test('the inbox offers the templates of the conversation\'s channel; the contact page offers every channel\'s, named', async ({ page, request }) => {
  const stamp = Date.now();
  const waba = `WABA${stamp}`;
  const headers = account.admin.headers;
  cloud.setTemplates(waba, [[{ id: `TPL-${stamp}`, name: 'table_ready', language: 'en', category: 'UTILITY', status: 'APPROVED', components: [{ type: 'BODY', text: 'Your table is ready.' }] }]]);
  const added = await request.post('/api/channels', {
    headers,
    data: {
      name: 'Second number', phone_number_id: `PN${stamp}`, business_account_id: waba, access_token: TOKEN,
      app_secret: 'sec', verify_token: 'ver', base_url: cloud.baseUrl, api_version: 'v21.0',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const second = (await added.json()).id as number;
  // Adding the channel syncs its templates.
  await expect.poll(async () => (await (await request.get(`/api/channels/chat/template?channel=${second}&status=approved`, { headers })).json()).count,
    { timeout: 15_000 }).toBe(1);

  const sent = await sendWelcome(request, account);
  const conversation = await (await request.get(`/api/inbox/conversation/${sent.conversation}`, { headers })).json();
  const channels = await (await request.get('/api/channels', { headers })).json();
  const sandbox = channels.results.find((c: { is_sandbox: boolean }) => c.is_sandbox);
  expect(conversation.channel).toBe(sandbox.id);

  await signIn(page, account.admin.email, account.password);
  await page.goto(`/inbox/${sent.conversation}`);
  const inInbox = page.getByRole('form', { name: 'Send a template' }).getByLabel('Template');
  await expect(inInbox.locator('option', { hasText: 'welcome' }).first()).toBeAttached();
  await expect(inInbox.locator('option', { hasText: 'table_ready' })).toHaveCount(0);

  await page.goto(`/contacts/${conversation.contact}`);
  await page.getByRole('button', { name: 'Send message' }).click();
  const onContact = page.getByRole('form', { name: 'Send a template' }).getByLabel('Template');
  await expect(onContact.locator('option', { hasText: 'table_ready (en) · Second number' })).toBeAttached();
  await expect(onContact.locator('option', { hasText: `welcome` }).first()).toContainText(` · ${sandbox.name}`);
});
