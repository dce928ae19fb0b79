import { expect, test, type Browser, type Page } from '@playwright/test';
import { OwnServer } from '../api/own-server';
import { inbound, newAccount, uniquePhone } from '../api/factories';
import { signIn } from './sign-in';

// The inbox's live stream under the conditions that lose updates: a change that lands while the
// page is still loading what it changes, and a server restart (the page says it is reconnecting,
// then shows what arrived meanwhile).

async function agentPage(browser: Browser, email: string, password: string, baseURL?: string): Promise<Page> {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

test('a change made while the open conversation is still loading reaches the page', async ({ browser, request }) => {
  const account = await newAccount(request);
  const { conversation } = await inbound(request, account, uniquePhone(), 'Where is my order?');
  // Nothing unread: opening it sends no read receipt, whose answer would carry the new status by chance.
  expect((await request.post(`/api/inbox/conversation/${conversation}/read`, { headers: account.admin.headers })).status()).toBe(200);

  const b = await agentPage(browser, account.agent.email, account.password);
  await b.goto('/inbox');
  await expect(b.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
  const row = b.locator(`[data-testid="conversation-row"][data-id="${conversation}"]`);
  await expect(row).toContainText('New');

  // B's first read of the conversation is answered with what it read before A's change, and only
  // after that change has reached B's page (its list shows it): the stale answer must not stay.
  let readBefore = () => {};
  const read = new Promise<void>((resolve) => { readBefore = resolve; });
  let release = () => {};
  const released = new Promise<void>((resolve) => { release = resolve; });
  let held = false;
  await b.route((url) => url.pathname === `/api/inbox/conversation/${conversation}`, async (route) => {
    if (held || route.request().method() !== 'GET') return route.continue();
    held = true;
    const stale = await route.fetch();
    readBefore();
    await released;
    await route.fulfill({ response: stale });
  });
  await row.click();
  await read;
  const changed = await request.patch(`/api/inbox/conversation/${conversation}/update`, {
    headers: account.admin.headers, data: { status: 'RESOLVED' },
  });
  expect(changed.status()).toBe(200);
  await expect(row).toContainText('Resolved');
  release();
  await expect(b.getByRole('region', { name: 'Conversation', exact: true }).getByText('Resolved')).toBeVisible();
  await expect(b.getByLabel('Status', { exact: true })).toHaveValue('RESOLVED');
  await b.context().close();
});

test('the stream reconnects and resyncs after the server restarts', async ({ browser, playwright }) => {
  // Two starts of a server of its own: most of the time goes there on a loaded machine.
  test.setTimeout(300_000);
  const server = await OwnServer.create('pglite', 3580);
  try {
    await server.start();
    const request = await playwright.request.newContext({ baseURL: server.baseURL });
    // A server just started answers its first page slowly: warmed before the browser signs in.
    for (const path of ['/login', '/contacts', '/inbox']) await request.get(path);
    const own = await newAccount(request);
    const { phone, conversation } = await inbound(request, own, uniquePhone(), 'Before the restart');
    const page = await agentPage(browser, own.admin.email, own.password, server.baseURL);
    await page.goto(`/inbox/${conversation}`);
    const state = page.getByTestId('live-state');
    await expect(state).toHaveAttribute('data-state', 'live');
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect(thread).toContainText('Before the restart');

    await server.stop();
    await expect(state).toHaveAttribute('data-state', 'offline');
    await expect(state).toHaveText(/Reconnecting/);
    await page.screenshot({ path: test.info().outputPath('inbox-reconnecting.png') });

    // The server is back, but the page's stream is kept from it until a message has arrived: the
    // page learns of that message only by resyncing when its stream is back.
    await page.route('**/api/inbox/events', (route) => route.abort());
    await server.start();
    const text = `While the page was away ${Date.now()}`;
    await inbound(request, own, phone, text);
    await page.unroute('**/api/inbox/events');
    await expect(state).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
    await expect(state).toHaveText('Live');
    await expect(thread.getByTestId('message').filter({ hasText: text })).toHaveAttribute('data-direction', 'INBOUND');
    const row = page.locator(`[data-testid="conversation-row"][data-id="${conversation}"]`);
    await expect(row.getByTestId('conversation-preview')).toContainText(text);
    await page.context().close();
    await request.dispose();
  } finally {
    await server.dispose();
  }
});
