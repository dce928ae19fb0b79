import { expect, test } from '@playwright/test';
import { dashboardPages, newAccount } from '../api/factories';
import { signIn } from './sign-in';

// The dashboard works under its Content-Security-Policy: every page (each app/**/page.tsx) loads
// in the browser without a single script, style or connection the policy refuses.

const PAGES = dashboardPages((param, route) => (route.startsWith('/contacts') || route.startsWith('/webhooks')
  ? '00000000-0000-4000-8000-000000000000' : param === 'id' ? '1' : 'x'));

test('no page breaks the policy', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // A context of its own, closed at the end, so that none of its pages' event streams outlive it.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect)/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => violations.push(`${page.url()}: ${error.message}`));
  await page.goto('/login');
  const account = await newAccount(request);
  // A member's picture is an https URL anywhere: the profile page shows it (unreachable here, but not refused).
  await request.patch('/api/me', { headers: account.admin.headers, data: { profile_image: 'https://pictures.example/ada.png' } });
  await signIn(page, account.admin.email, account.password);
  for (const path of PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Scripts ran: the page hydrated, and client navigation works.
    await expect(page.locator('body')).not.toBeEmpty();
  }
  await page.getByRole('link', { name: 'Contacts' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await context.close();
  expect(violations).toEqual([]);
});
