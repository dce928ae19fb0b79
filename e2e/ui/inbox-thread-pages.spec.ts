import { expect, test, type APIRequestContext } from '@playwright/test';
import { inbound, newAccount, uniquePhone, type TestAccount } from '../api/factories';
import { signIn } from './sign-in';

// A long conversation opens on its latest messages; earlier pages (200 messages each) load above as
// the agent scrolls to the top or presses "Load earlier messages", without moving what they read,
// and live messages keep arriving at the end.

let account: TestAccount;
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
});

const TOTAL = 440;
const label = (n: number) => `Message ${String(n).padStart(3, '0')}`;

/** Messages `from`..`to` from the contact, a few at a time; each batch lands after the one before. */
async function writeMany(request: APIRequestContext, phone: string, from: number, to: number) {
  for (let n = from; n <= to; n += 10) {
    await Promise.all(Array.from({ length: Math.min(10, to - n + 1) }, (_, i) => inbound(request, account, phone, label(n + i))));
  }
}

test('a long thread loads earlier pages at the top, keeps the reading place, and stays live', async ({ page, request }) => {
  test.setTimeout(240_000);
  const phone = uniquePhone();
  const { conversation } = await inbound(request, account, phone, label(1));
  await writeMany(request, phone, 2, TOTAL - 1);
  await inbound(request, account, phone, label(TOTAL));

  await signIn(page, account.admin.email, account.password);
  await page.goto(`/inbox/${conversation}`);
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
  const thread = page.getByRole('list', { name: 'Messages', exact: true });
  const message = (n: number) => thread.getByTestId('message').filter({ hasText: label(n) });
  const scroller = page.getByTestId('thread-scroller');

  // The last page (401..440): the latest at the end, in view; nothing older.
  await expect(message(TOTAL)).toBeInViewport();
  await expect(thread.getByTestId('message')).toHaveCount(TOTAL - 400);
  await expect(message(400)).toHaveCount(0);
  await expect(message(1)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load earlier messages' })).toBeAttached();

  // Scrolled to the top: the page before (201..400) goes above the first message shown, which stays
  // where it was on screen.
  const topOf = (n: number) => scroller.evaluate((root, text) => {
    const el = [...root.querySelectorAll('[data-testid="message"]')].find((m) => m.textContent?.includes(text))!;
    return el.getBoundingClientRect().top - root.getBoundingClientRect().top;
  }, label(n));
  const before = await scroller.evaluate((root, text) => {
    root.scrollTop = 0;
    const el = [...root.querySelectorAll('[data-testid="message"]')].find((m) => m.textContent?.includes(text))!;
    return el.getBoundingClientRect().top - root.getBoundingClientRect().top;
  }, label(401));
  await expect(message(201)).toBeAttached();
  await expect(thread.getByTestId('message')).toHaveCount(TOTAL - 200);
  expect(Math.abs((await topOf(401)) - before)).toBeLessThanOrEqual(2);
  expect(await scroller.evaluate((root) => root.scrollTop)).toBeGreaterThan(1_000);
  await expect(message(200)).toHaveCount(0);

  // The button, from the keyboard: the first page (1..200), the oldest message first.
  const more = page.getByRole('button', { name: 'Load earlier messages' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(message(1)).toBeAttached();
  await expect(thread.getByTestId('message')).toHaveCount(TOTAL);
  await expect(more).toHaveCount(0);
  await expect(thread.getByTestId('message').first()).toContainText(label(1));
  await expect(thread.getByTestId('message').last()).toContainText(label(TOTAL));
  // All on one day: one separator, none where the pages meet.
  await expect(thread.getByTestId('day-separator')).toHaveCount(1);
  await scroller.evaluate((root) => { root.scrollTop = 0; });
  await expect(message(1)).toBeInViewport();

  // A message arriving meanwhile is added at the end; the agent reading the oldest is left there.
  const live = `Still there? ${Date.now()}`;
  await inbound(request, account, phone, live);
  await expect(thread.getByTestId('message').last()).toContainText(live);
  await expect(thread.getByTestId('message')).toHaveCount(TOTAL + 1);
  await expect(message(1)).toBeInViewport();
  // A button says so, and takes the agent there.
  const below = page.getByRole('button', { name: 'New messages ↓' });
  await expect(below).toBeInViewport();
  await below.click();
  await expect(thread.getByTestId('message').last()).toBeInViewport();
  await expect(below).toHaveCount(0);

  // At the end, the next one scrolls into view.
  const next = `Hello again ${Date.now()}`;
  await inbound(request, account, phone, next);
  await expect(thread.getByTestId('message').filter({ hasText: next })).toBeInViewport();
  await expect(thread.getByTestId('message')).toHaveCount(TOTAL + 2);
  await expect(below).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('inbox-thread-pages.png') });
});
