import { expect, test, type Locator, type Page } from '@playwright/test';
import { inbound, newAccount, uniquePhone, type TestAccount } from '../api/factories';
import { signIn } from './sign-in';

// The workspace at a laptop's size and a phone's: what shows, that nothing spills sideways, that a
// short thread sits by the composer, that a message's time stays on one line, and that the open
// conversation's row is in view in the list.

let account: TestAccount;
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
});

const box = async (l: Locator) => (await l.boundingBox())!;
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function checkThread(page: Page) {
  const thread = page.getByRole('list', { name: 'Messages', exact: true });
  await expect(thread.getByTestId('message')).toHaveCount(2);
  // Short: the last message sits at the bottom of the pane (its padding apart), not under the header.
  const scroller = await box(page.getByTestId('thread-scroller'));
  const last = await box(thread.getByTestId('message').last());
  expect(scroller.y + scroller.height - (last.y + last.height)).toBeLessThanOrEqual(24);
  // A note's header (a long name, then the time) wraps the name, never the time.
  for (const time of await thread.locator('time').all()) expect((await box(time)).height).toBeLessThanOrEqual(20);
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
}

test('the workspace fits a laptop and a phone', async ({ page, request }) => {
  const phone = uniquePhone();
  const { conversation } = await inbound(request, account, phone, `See https://example.com/${'averylongpathsegment'.repeat(8)} please`);
  const note = await request.post(`/api/inbox/conversation/${conversation}/messages`, {
    headers: account.admin.headers, data: { body: 'Called them back', internal: true },
  });
  expect(note.status()).toBe(201);
  // Newer conversations, so the open one is listed below the fold.
  for (let i = 1; i <= 12; i++) await inbound(request, account, uniquePhone(), `Another question ${i}`);
  await signIn(page, account.admin.email, account.password);

  // A laptop: the list beside the open conversation and its details; the open row brought into view.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/inbox/${conversation}`);
  await expect(page.getByRole('region', { name: 'Conversations' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Details' })).toBeVisible();
  await checkThread(page);
  const openRow = page.locator(`[data-testid="conversation-row"][data-id="${conversation}"]`);
  await expect(openRow).toHaveAttribute('aria-current', 'page');
  await expect(openRow).toBeInViewport({ ratio: 1 });
  expect(await page.getByTestId('list-scroller').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);

  // A phone: one pane at a time.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/inbox?view=all');
  await expect(page.getByTestId('conversation-row')).toHaveCount(13);
  await expect(page.getByRole('region', { name: 'Conversation', exact: true })).toHaveCount(0);
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  await openRow.click();
  await expect(page.getByRole('region', { name: 'Conversations' })).toBeHidden();
  await checkThread(page);
  await page.screenshot({ path: test.info().outputPath('inbox-phone-thread.png') });
  // The details open over the thread and close again.
  await expect(page.getByRole('complementary', { name: 'Details' })).toBeHidden();
  await page.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByLabel('Status', { exact: true })).toBeInViewport();
  await page.getByRole('button', { name: 'Close ✕' }).click();
  await expect(page.getByRole('complementary', { name: 'Details' })).toBeHidden();
  // From the keyboard: focus goes into the details, Tab stays there, Escape closes them and returns it.
  await page.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByRole('button', { name: 'Close ✕' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send reply' })).not.toBeFocused();
  // A modal panel: Shift+Tab from its first control goes round to its last, not to the page behind.
  await expect(page.getByRole('dialog', { name: 'Details' })).toBeVisible();
  await page.getByRole('button', { name: 'Close ✕' }).focus();
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('complementary', { name: 'Details' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Details' })).toBeFocused();
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(openRow).toBeVisible();
});
