import { expect, test, type Locator } from '@playwright/test';
import { newAccount, uniquePhone, type TestAccount } from '../api/factories';
import { signIn } from './sign-in';

// A double click on a button that creates or sends does it once: the second click lands before
// the button shows itself busy (lib/client/single-flight.ts). The two clicks are made in one task,
// so that the second always comes before the page re-renders.

/** Two clicks in a row, before anything else runs on the page. */
async function clickTwice(button: Locator) {
  await button.evaluate((element: HTMLElement) => { element.click(); element.click(); });
}

let account: TestAccount;
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
});

test('a double-clicked "Create key" makes one key, the one shown', async ({ page, request }) => {
  await signIn(page, account.admin.email, account.password);
  await page.goto('/dev/api-keys');
  const name = `twice ${Date.now()}`;
  await page.getByLabel('Key name').fill(name);
  await clickTwice(page.getByRole('button', { name: 'Create key' }));
  await expect(page.getByTestId('new-api-key')).toBeVisible();
  await expect(page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: new RegExp(name) })).toHaveCount(1);
  const keys = await (await request.get('/api/dev/api-keys', { headers: account.admin.headers })).json();
  expect(keys.filter((k: { name: string }) => k.name === name)).toHaveLength(1);
});

test('a double-clicked "Send template" sends one message', async ({ page, request }) => {
  const found = await (await request.get('/api/channels/chat/template?search=welcome', { headers: account.admin.headers })).json();
  const welcome = found.results.find((t: { name: string }) => t.name === 'welcome');
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/templates/${welcome.id}`);
  await page.getByLabel('Variable 1 (body)').fill('Ana');
  await page.getByLabel('Variable 2 (body)').fill('Acme');
  await page.getByLabel('Phone', { exact: true }).fill(uniquePhone());
  await clickTwice(page.getByRole('button', { name: 'Send template' }));
  await expect(page.getByTestId('send-result')).toContainText('Queued for sending.');
  const href = await page.getByRole('link', { name: 'Open the conversation' }).getAttribute('href');
  const conversation = href!.split('/').pop();
  const messages = await request.get(`/api/inbox/conversation/${conversation}/messages`, { headers: account.admin.headers });
  expect(messages.status(), await messages.text()).toBe(200);
  const body = await messages.json();
  expect((Array.isArray(body) ? body : body.results).filter((m: { body: string }) => m.body.includes('Hi Ana'))).toHaveLength(1);
});

test('a double-clicked "Create team" makes one team and says nothing went wrong', async ({ page, request }) => {
  await signIn(page, account.admin.email, account.password);
  await page.goto('/settings/teams');
  await page.getByRole('button', { name: 'New team' }).click();
  await page.getByLabel('Name').fill('Twice');
  await clickTwice(page.getByRole('button', { name: 'Create team' }));
  await expect(page.getByRole('heading', { name: 'Twice' })).toBeVisible();
  await expect(page.getByText('A conflicting change was made at the same time')).toHaveCount(0);
  const teams = await (await request.get('/api/team', { headers: account.admin.headers })).json();
  expect(teams.filter((t: { name: string }) => t.name === 'Twice')).toHaveLength(1);
});

test('a double-clicked "Send to 1" makes one broadcast', async ({ page, request }) => {
  const tag = `twice${Date.now()}`;
  const res = await request.post('/api/contact', { headers: account.admin.headers, data: { first_name: 'Ana', phone: uniquePhone(), tags: [{ name: tag }] } });
  expect(res.status(), await res.text()).toBe(201);
  await signIn(page, account.admin.email, account.password);
  await page.goto('/broadcasts/new');
  await page.getByRole('radio', { name: /^welcome/ }).check();
  await page.getByText('Contacts with a tag', { exact: true }).click();
  await page.getByLabel('Tag', { exact: true }).fill(tag);
  await page.getByRole('button', { name: 'Load contacts' }).click();
  await expect(page.getByTestId('tag-summary')).toContainText('1 contact');
  await page.getByLabel('Variable 2 (body)').selectOption({ label: 'The same text for everyone…' });
  await page.getByLabel('Variable 2 (body): text for everyone').fill('Acme');
  await page.getByLabel('Name', { exact: true }).fill(tag);
  await page.getByRole('button', { name: 'Review broadcast' }).click();
  await clickTwice(page.getByRole('button', { name: 'Send to 1' }));
  await expect(page).toHaveURL(/\/broadcasts\/\d+$/);
  const list = await (await request.get(`/api/broadcast?search=${tag}`, { headers: account.admin.headers })).json();
  expect((Array.isArray(list) ? list : list.results).filter((b: { name: string }) => b.name === tag)).toHaveLength(1);
});
