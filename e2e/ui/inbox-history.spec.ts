import { expect, test, type APIRequestContext } from '@playwright/test';
import { inbound, newAccount, uniquePhone, type TestAccount } from '../api/factories';
import { signIn } from './sign-in';

// A contact's history is one scroll (their earlier conversations load above the open one as the
// agent scrolls up), and the list searches message text and loads more as the agent scrolls down,
// without losing a live change that is being reloaded at that moment.

let account: TestAccount;
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
});

const resolve = async (request: APIRequestContext, id: string) => {
  const res = await request.patch(`/api/inbox/conversation/${id}/update`, { headers: account.admin.headers, data: { status: 'RESOLVED' } });
  expect(res.status()).toBe(200);
};

test('a contact\'s earlier conversations load above the open one as the agent scrolls up', async ({ page, request }) => {
  test.setTimeout(120_000);
  const phone = uniquePhone();
  const first = await inbound(request, account, phone, 'First visit: my order is late');
  await resolve(request, first.conversation);
  const second = await inbound(request, account, phone, 'Second visit: the wrong size arrived');
  await resolve(request, second.conversation);
  const third = await inbound(request, account, phone, 'Third visit: may I have a refund?');
  expect(new Set([first.conversation, second.conversation, third.conversation]).size).toBe(3);
  // A thread longer than the pane: the earlier conversations wait until the agent scrolls up.
  for (let i = 1; i <= 20; i++) await inbound(request, account, phone, `Third visit, line ${i}`);

  await signIn(page, account.admin.email, account.password);
  await page.goto(`/inbox/${third.conversation}`);
  const current = page.getByRole('list', { name: 'Messages', exact: true });
  await expect(current).toContainText('Third visit, line 20');
  const scroller = page.getByTestId('thread-scroller');
  const earlier = page.getByTestId('earlier-conversation');
  await expect(page.getByRole('button', { name: /Show an earlier conversation \(2 more\)/ })).toBeAttached();
  await expect(earlier).toHaveCount(0);

  // The next earlier conversation loads (and the one before it too, while the top stays in reach).
  await scroller.evaluate((el) => { el.scrollTop = 0; });
  const secondShown = earlier.and(page.locator(`[data-id="${second.conversation}"]`));
  await expect(secondShown.getByRole('list')).toContainText('Second visit: the wrong size arrived');
  await expect(secondShown).toContainText('Resolved');
  // What the agent was reading stays in place: the history was added above it.
  expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  await scroller.evaluate((el) => { el.scrollTop = 0; });
  await expect(earlier).toHaveCount(2);
  // Oldest first, the open conversation last.
  await expect(earlier.nth(0)).toHaveAttribute('data-id', first.conversation);
  await expect(earlier.nth(1)).toHaveAttribute('data-id', second.conversation);
  await expect(earlier.nth(0).getByRole('list')).toContainText('First visit: my order is late');
  await expect(page.getByText('The beginning of this contact\'s history.')).toBeVisible();
  await scroller.evaluate((el) => { el.scrollTop = 0; });
  await page.screenshot({ path: test.info().outputPath('inbox-history.png') });
  // Each earlier conversation opens on its own.
  await earlier.first().getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/inbox/${first.conversation}$`));
  await expect(page.getByRole('list', { name: 'Messages', exact: true })).toContainText('First visit: my order is late');
});

test('the list searches message text and loads more conversations as the agent scrolls', async ({ page, request }) => {
  test.setTimeout(120_000);
  const word = `parcel${Date.now().toString(36)}`;
  const match = await inbound(request, account, uniquePhone(), `Has my ${word} shipped?`);
  for (let i = 1; i <= 34; i++) await inbound(request, account, uniquePhone(), `Question number ${i}`);

  await signIn(page, account.admin.email, account.password);
  await page.goto('/inbox?view=all');
  const rows = page.getByTestId('conversation-row');
  await expect(rows).toHaveCount(30);
  await page.getByTestId('list-scroller').evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await expect(rows).toHaveCount(35);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.getByLabel('Search conversations').fill(word.slice(2).toUpperCase());
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-id', match.conversation);
  await expect(page).toHaveURL(new RegExp(`q=${word.slice(2).toUpperCase()}`));
});

test('a live change being reloaded when the list loads its next page is kept', async ({ page, request }) => {
  test.setTimeout(120_000);
  const phones: string[] = [];
  for (let i = 1; i <= 34; i++) {
    phones.push(uniquePhone());
    await inbound(request, account, phones[i - 1], `Question number ${i}`);
  }
  await signIn(page, account.admin.email, account.password);
  await page.goto('/inbox?view=all');
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
  const rows = page.getByTestId('conversation-row');
  await expect(rows).toHaveCount(30);

  // The reload of the list's first page that follows the next change is held until released.
  let arrived = () => {};
  const reloading = new Promise<void>((resolve) => { arrived = resolve; });
  let release = () => {};
  const released = new Promise<void>((resolve) => { release = resolve; });
  let held = false;
  await page.route((url) => url.pathname === '/api/inbox/conversation' && url.searchParams.get('page') === '1', async (route) => {
    if (held) return route.continue();
    held = true;
    arrived();
    await released;
    await route.continue().catch(() => {});
  });
  const text = `Any news? ${Date.now()}`;
  await inbound(request, account, phones[33], text);
  await reloading;
  // Meanwhile the agent reaches the end of the list: the next page must not cancel that reload.
  await page.getByTestId('list-scroller').evaluate((el) => { el.scrollTop = el.scrollHeight; });
  // Two frames: the list's observer has reported the end by then (and asked for the next page, if it would).
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  release();
  await expect(rows.first().getByTestId('conversation-preview')).toContainText(text);
  await page.getByTestId('list-scroller').evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await expect(rows).toHaveCount(34);
});
