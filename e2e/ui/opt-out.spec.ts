import { expect, test } from '@playwright/test';
import { newAccount, uniquePhone } from '../api/factories';
import { signIn } from './sign-in';

// Opting out from the dashboard: an admin sets the account's words and confirmation; a contact
// who writes one is shown as opted out (list view, badge, contact page, inbox); a member opts them
// back in.

test("an admin sets the opt-out words; a contact who writes one shows as opted out everywhere, and is opted back in from their page", async ({ page, request }) => {
  const account = await newAccount(request);
  await signIn(page, account.admin.email, account.password);
  await page.goto('/settings/account');
  const words = page.getByLabel('Opt-out words');
  await expect(words).toHaveValue('STOP, UNSUBSCRIBE');
  // A word in both lists is refused where it is typed.
  await page.getByLabel('Opt-in words').fill('START, alto');
  await words.fill('stop, alto, basta');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('"ALTO" cannot both opt out and opt in.')).toBeVisible();
  await page.getByLabel('Opt-in words').fill('START');
  await page.getByLabel('Opt-out confirmation').fill('Listo, no te escribiremos más promociones.');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await expect(words).toHaveValue('STOP, ALTO, BASTA');
  await page.screenshot({ path: 'test-results/opt-out-settings.png', fullPage: true });

  const phone = uniquePhone();
  const wrote = await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone, type: 'text', text: 'Hola', name: 'Rosa Quiet' } });
  const conversation = (await wrote.json()).conversation as string;
  await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone, type: 'text', text: '¡Basta!' } });

  await page.goto('/contacts');
  await page.getByTestId('opted-out-toggle').click();
  await expect(page).toHaveURL(/opted_out=1/);
  await expect(page.getByTestId('opted-out-filter')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Rosa Quiet' });
  await expect(row.getByTestId('opted-out-badge')).toHaveText('Opted out');
  await row.getByRole('link', { name: 'Rosa Quiet' }).click();

  const marketing = page.getByTestId('contact-marketing');
  await expect(marketing).toContainText('Opted out on');
  await page.screenshot({ path: 'test-results/opt-out-contact.png', fullPage: true });

  await page.goto(`/inbox/${conversation}`);
  await expect(page.getByTestId('contact-opted-out')).toContainText('Opted out of marketing messages (');
  // The confirmation went out in the conversation.
  await expect(page.getByRole('list', { name: 'Messages' }).getByTestId('message').filter({ hasText: 'Listo, no te escribiremos más promociones.' })).toBeVisible();

  await page.goto('/contacts');
  await page.getByRole('link', { name: 'Rosa Quiet' }).click();
  await marketing.getByRole('button', { name: 'Opt back in' }).click();
  await expect(marketing).toContainText('Receives marketing messages');
  await page.goto('/contacts?opted_out=1');
  await expect(page.getByText('Nobody opted out')).toBeVisible();

  // Many at once, from the list's selection.
  await page.goto('/contacts');
  await page.getByRole('checkbox', { name: 'Select Rosa Quiet' }).check();
  await page.getByRole('region', { name: 'Selected contacts' }).getByRole('button', { name: 'Opt out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Opt out' }).click();
  await expect(page.getByRole('region', { name: 'Selected contacts' }).getByRole('status')).toHaveText('Opted out of marketing: 1 contact.');
  await expect(page.getByRole('row').filter({ hasText: 'Rosa Quiet' }).getByTestId('opted-out-badge')).toBeVisible();
});
