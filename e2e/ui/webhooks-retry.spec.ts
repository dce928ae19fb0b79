import { expect, test } from '@playwright/test';
import { OwnServer } from '../api/own-server';
import { newAccount, uniquePhone } from '../api/factories';
import { Receiver } from '../api/receiver';
import { signIn } from './sign-in';

// "Retry now" in the delivery log: a delivery whose receiver failed, waiting out a long retry, is
// attempted at once from its row. Its own server, for a retry schedule with a long wait.

test('an admin retries a failed delivery now from the log, once its receiver is fixed', async ({ browser, playwright }) => {
  test.setTimeout(300_000);
  const receiver = await new Receiver().start();
  let failing = true;
  receiver.on('/ui-retry', () => ({ status: failing ? 503 : 200 }));
  const server = await OwnServer.create('pglite', 3588, { WEBHOOK_RETRY_SCHEDULE: '1,600,600' });
  try {
    await server.start();
    const request = await playwright.request.newContext({ baseURL: server.baseURL });
    // A server just started answers its first pages slowly: warmed before the browser signs in.
    for (const path of ['/login', '/contacts', '/webhooks']) await request.get(path);
    const account = await newAccount(request);
    const sub = await (await request.post('/api/webhook-subscription', {
      headers: account.admin.headers, data: { events: ['contact.created'], target: receiver.url('/ui-retry') },
    })).json();
    await request.post('/api/contact', { headers: account.admin.headers, data: { phone: uniquePhone() } });
    await expect.poll(() => receiver.at('/ui-retry').length, { timeout: 30_000 }).toBe(2);

    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    await signIn(page, account.admin.email, account.password);
    await page.goto(`/webhooks/${sub.id}`);
    const log = page.getByRole('table', { name: 'Deliveries' });
    const retry = log.getByRole('button', { name: 'Retry contact.created delivery now' });
    await expect(retry).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('delivery-status').first()).toHaveText('Pending');
    await log.screenshot({ path: test.info().outputPath('webhook-retry-now.png') });

    failing = false;
    await retry.click();
    await expect(page.getByRole('status').filter({ hasText: 'Being attempted now' })).toBeVisible();
    await expect(page.getByTestId('delivery-status').first()).toHaveText('Succeeded', { timeout: 30_000 });
    expect(receiver.at('/ui-retry')).toHaveLength(3);
    // A finished delivery offers a resend again, not a retry.
    await expect(log.getByRole('button', { name: 'Resend contact.created delivery' })).toBeEnabled();
    await context.close();
    await request.dispose();
  } finally {
    await server.dispose();
    await receiver.stop();
  }
});
