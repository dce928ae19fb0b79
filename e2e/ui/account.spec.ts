import { expect, test, type APIRequestContext } from '@playwright/test';
import { INVALID_TOKEN, newAccount, uniquePhone, type TestAccount } from '../api/factories';
import { signIn } from './sign-in';

// Running the account from the dashboard: settings, members (invitation, deactivation), teams,
// and what an agent sees when agents see only their own conversations.

let account: TestAccount;
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
});

async function inboundFrom(request: APIRequestContext, name: string) {
  const res = await request.post('/api/channels/sandbox/inbound', {
    headers: account.admin.headers, data: { phone: uniquePhone(), type: 'text', text: `Hi, I am ${name}`, name },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).conversation as string;
}

test('an admin adds an agent by invitation; the agent sets a password, signs in and sees only their own conversations; deactivated, their key is refused at once', async ({ page, browser, request }) => {
  await signIn(page, account.admin.email, account.password);
  await page.goto('/settings/members');
  await page.getByRole('button', { name: 'Add member' }).click();
  const email = `invited-${Date.now()}@test.example`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Iris');
  await page.getByLabel('Last name').fill('Invited');
  await page.getByRole('button', { name: 'Add member' }).click();
  const link = page.getByTestId('one-time-link');
  await expect(link).toContainText('/set-password?token=');
  const invitation = (await link.textContent())!.trim();
  await expect(page.getByTestId(`member-${email}`)).toContainText('Iris Invited');
  await page.screenshot({ path: 'test-results/account-members.png', fullPage: true });
  // The table fits a laptop's width (1280 px): nothing hides behind a horizontal scroll.
  const table = page.getByRole('table', { name: 'Members' });
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);

  // Agents see only their own conversations: switched off on the settings page.
  await page.goto('/settings/account');
  // Its words flip it as the switch itself does.
  await page.locator('label', { hasText: 'Agents see all conversations' }).click();
  await expect(page.getByRole('switch', { name: 'Agents see all conversations' })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect((await (await request.get('/api/account', { headers: account.admin.headers })).json()).agents_can_see_all_conversations).toBe(false);

  const members = await (await request.get('/api/account-member', { headers: account.admin.headers })).json();
  const iris = members.find((m: { email: string }) => m.email === email);
  const mine = await inboundFrom(request, 'Mina Mine');
  await inboundFrom(request, 'Otto Other');
  await request.patch(`/api/inbox/conversation/${mine}/update`, { headers: account.admin.headers, data: { assigned: [{ id: iris.id }] } });

  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await agent.goto(invitation);
  await expect(agent.getByRole('heading', { name: 'Welcome, Iris' })).toBeVisible();
  await agent.getByLabel('Password', { exact: true }).fill('iris-own-password');
  await agent.getByLabel('Repeat the password').fill('iris-own-password');
  await agent.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(agent).toHaveURL(/\/inbox/);
  await expect(agent.getByText('Mina Mine', { exact: true })).toBeVisible();
  await expect(agent.getByText('Otto Other', { exact: true })).toHaveCount(0);
  await agent.screenshot({ path: 'test-results/account-agent-inbox.png', fullPage: true });

  // The agent's API key stops working as soon as an admin deactivates them.
  const key = await (await request.post('/api/dev/api-keys', { headers: account.admin.headers, data: { name: 'iris', user: iris.id } })).json();
  const irisHeaders = { Authorization: `Token ${key.key}` };
  expect((await request.get('/api/account-member', { headers: irisHeaders })).status()).toBe(200);
  await page.goto('/settings/members');
  await page.getByRole('button', { name: `Deactivate ${email}` }).click();
  // Asked first: it signs them out at once.
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByTestId(`member-${email}`)).toContainText('Deactivated');
  const refused = await request.get('/api/account-member', { headers: irisHeaders });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual(INVALID_TOKEN);
  // Their open dashboard is signed out too.
  await agent.goto('/inbox');
  await expect(agent).toHaveURL(/\/login/);
  // Signing in again with the right password says why it is refused; a wrong one says no more than ever.
  await agent.getByLabel('Email', { exact: true }).fill(email);
  await agent.getByLabel('Password', { exact: true }).fill('iris-own-password');
  await agent.getByRole('button', { name: 'Sign in' }).click();
  await expect(agent.getByText('Your access to this account was removed: ask one of its admins to reactivate you.')).toBeVisible();
  await agent.getByLabel('Password', { exact: true }).fill('not-her-password');
  await agent.getByRole('button', { name: 'Sign in' }).click();
  await expect(agent.getByText('Unable to sign in with the provided email and password.')).toBeVisible();
  await agentContext.close();
});

test('account settings, teams and the profile from the dashboard', async ({ page, request, browser }) => {
  await signIn(page, account.admin.email, account.password);
  await page.goto('/settings/teams');
  await page.getByRole('button', { name: 'New team' }).click();
  await page.getByLabel('Name').fill('Front desk');
  await page.getByLabel('Assignment').selectOption('ROUND_ROBIN');
  await page.getByRole('checkbox', { name: new RegExp(account.agent.email) }).check();
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByRole('heading', { name: 'Front desk' })).toBeVisible();

  await page.goto('/settings/account');
  // The country is chosen by name, as at first-run setup.
  await page.getByLabel('Country').selectOption({ label: 'Colombia' });
  await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
  // Working hours are read on the account's clock.
  await expect(page.getByTestId('hours-zone')).toContainText('Times are on the clock of Asia/Tokyo');
  await page.getByLabel('Default team').selectOption({ label: 'Front desk (round robin)' });
  await page.getByRole('switch', { name: 'Use working hours' }).click();
  await page.getByRole('checkbox', { name: 'Monday open' }).check();
  await page.getByLabel('Monday opens at').fill('08:30');
  await page.getByLabel('After-hours response').fill('Back at 8:30.');
  await page.getByRole('switch', { name: 'Close idle conversations automatically' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  // Auto-close without its hours is refused under the field.
  await expect(page.getByText('Set the hours without messages after which a conversation is closed.')).toBeVisible();
  await page.getByLabel('Close after (hours without messages)').fill('12');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.screenshot({ path: 'test-results/account-settings.png', fullPage: true });
  // On a phone the page keeps to the screen's width (the working-hours table scrolls by itself).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The closing times fit beside the opening times, without scrolling the table.
  const closes = await page.getByLabel('Sunday closes at').boundingBox();
  expect(closes!.x + closes!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/account-settings-phone.png', fullPage: true });
  const saved = await (await request.get('/api/account', { headers: account.agent.headers })).json();
  expect(saved).toMatchObject({
    country: 'CO', default_timezone: 'Asia/Tokyo', has_working_hours: true, after_hours_response: 'Back at 8:30.',
    should_autoclose_conversations: true, autoclose_conversations_after: 12,
    working_hours: expect.arrayContaining([{ day: 0, is_open: true, open_at: '08:30:00', close_at: '17:00:00' }]),
  });
  expect(saved.default_team).toEqual(expect.any(Number));

  // Times in the dashboard follow the account's zone.
  await page.goto('/settings/members');
  await expect(page.locator('time').first()).toHaveAttribute('title', /shown in Asia\/Tokyo/);

  // One's own profile and password.
  await page.goto('/settings/profile');
  await page.getByLabel('First name').fill('Adela');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page.getByTestId('current-user')).toContainText('Adela');
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password').fill('a-fresh-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed.')).toBeVisible();
  // Still signed in (with the new password), and the old one no longer works.
  await page.goto('/settings/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto('/login');
  await other.getByLabel('Email', { exact: true }).fill(account.admin.email);
  await other.getByLabel('Password', { exact: true }).fill(account.password);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByText('Unable to sign in with the provided email and password.')).toBeVisible();
  await expect(other).toHaveURL(/\/login/);
  await signIn(other, account.admin.email, 'a-fresh-password');
  await fresh.close();
});

test('a template created from the dashboard on the sandbox is previewed live, approved at once and can be sent', async ({ page, request }) => {
  await signIn(page, account.admin.email, account.password);
  await page.goto('/templates');
  await page.getByRole('link', { name: 'New template' }).click();
  await page.getByLabel('Name').fill('pickup_ready');
  await page.getByLabel('Header (optional)').fill('Pickup');
  await page.getByLabel('Body').fill('Hi {{1}}, your parcel is at {{2}}.');
  await page.getByLabel('Footer (optional)').fill('Acme Logistics');
  await page.getByLabel('Quick-reply buttons (optional)').fill('Thanks, Call me');
  await expect(page.getByTestId('preview-body')).toHaveText('Hi {{1}}, your parcel is at {{2}}.');
  await expect(page.getByTestId('preview-header')).toHaveText('Pickup');
  await expect(page.getByRole('list', { name: 'Template buttons' })).toContainText('Call me');
  await page.screenshot({ path: 'test-results/account-new-template.png', fullPage: true });
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const template = await (await request.get(`/api/channels/chat/template/${id}`, { headers: account.admin.headers })).json();
  expect(template).toMatchObject({ name: 'pickup_ready', status: 'approved' });
  const send = await request.post(`/api/channels/chat/template/${id}/send`, {
    headers: account.admin.headers, data: { phone: uniquePhone(), variables: ['Ana', 'Gate 4'] },
  });
  expect(send.status()).toBe(201);
});

test("the template form shows each of the API's problems under the field it is about", async ({ page }) => {
  await signIn(page, account.admin.email, account.password);
  await page.goto('/templates');
  await page.getByRole('link', { name: 'New template' }).click();
  await page.getByLabel('Name').fill('field_errors');
  await page.getByLabel('Body').fill('Hello {{1}}');
  const buttons = page.getByLabel('Quick-reply buttons (optional)');
  await buttons.fill('Ok, A reply far longer than twenty-five characters');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(buttons).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Body')).not.toHaveAttribute('aria-invalid', 'true');
  await buttons.fill('Ok');
  await page.getByLabel('Header (optional)').fill('For {{2}}');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByLabel('Header (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Body')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(buttons).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/templates\/new$/);
});

test('the first Tab stop skips to the page; refusing the last admin\'s demotion explains itself without field names', async ({ page }) => {
  await signIn(page, account.admin.email, account.password);
  await page.goto('/settings/members');
  await expect(page.getByTestId(`member-${account.admin.email}`)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();

  await page.getByLabel(`Role of ${account.admin.email}`).selectOption('AGENT');
  await expect(page.getByText('The account needs at least one active admin who can sign in: make another member an admin first (an invited admin counts once they have set a password).')).toBeVisible();
  await expect(page.getByText(/role: The account/)).toHaveCount(0);
});
