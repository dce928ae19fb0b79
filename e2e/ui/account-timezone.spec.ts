import { expect, test, type Page } from '@playwright/test';
import { newAccount, uniquePhone, type TestAccount } from '../api/factories';
import { signIn } from './sign-in';

// Times in the dashboard follow the account's default time zone, not the browser's: the inbox's
// absolute times, a broadcast's "Send at" and a flow's "Start at", entered and shown in the account's zone.

const ZONE = 'Pacific/Kiritimati'; // UTC+14: far from the browser's zone below and from UTC
test.use({ timezoneId: 'America/Los_Angeles' });

let account: TestAccount;
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
  const res = await request.patch('/api/account', { headers: account.admin.headers, data: { default_timezone: ZONE } });
  expect(res.status(), await res.text()).toBe(200);
});

/** How the page's locale writes an instant in a zone, with the options `<DateTime>` uses. */
function formatIn(page: Page, iso: string, timeZone: string, date = false) {
  return page.evaluate(([v, zone, onlyDate]) => new Intl.DateTimeFormat(undefined,
    onlyDate ? { dateStyle: 'medium', timeZone: zone } : { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(v)),
  [iso, timeZone, date] as const);
}

test('the inbox shows absolute times in the account\'s zone', async ({ page, request }) => {
  const phone = uniquePhone();
  const inbound = async (text: string) => {
    const res = await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone, type: 'text', text, name: 'Zoe Zone' } });
    expect(res.status()).toBe(201);
    return (await res.json()).conversation as string;
  };
  const first = await inbound('First visit');
  expect((await request.patch(`/api/inbox/conversation/${first}/update`, { headers: account.admin.headers, data: { status: 'CLOSED' } })).status()).toBe(200);
  const second = await inbound('Back again');
  expect(second).not.toBe(first);

  await signIn(page, account.admin.email, account.password);
  await page.goto(`/inbox/${second}`);
  // The composer's window: an absolute time.
  const until = page.getByTestId('window-info').locator('time');
  await expect(until).toBeVisible();
  const untilIso = (await until.getAttribute('datetime'))!;
  const expected = await formatIn(page, untilIso, ZONE);
  expect(expected).not.toBe(await formatIn(page, untilIso, 'America/Los_Angeles'));
  await expect(until).toHaveText(expected);

  // The conversation list's time names the zone and gives the time in it on hover.
  const row = page.locator(`[data-testid="conversation-row"][data-id="${second}"] time`);
  const lastIso = (await row.getAttribute('datetime'))!;
  await expect(row).toHaveAttribute('title', `${await formatIn(page, lastIso, ZONE)} (${ZONE})`);

  // The contact's earlier conversation is named by the day it started, in the account's zone.
  const earlier = (await (await request.get(`/api/inbox/conversation/${first}`, { headers: account.admin.headers })).json()).created_on as string;
  const others = page.getByRole('list', { name: 'Contact\'s conversations' });
  await expect(others.getByRole('link', { name: await formatIn(page, earlier, ZONE, true) })).toBeVisible();
});

test('a broadcast\'s "Send at" is a time in the account\'s zone, labelled with it', async ({ page, request }) => {
  const tag = `tz${Date.now()}`;
  const res = await request.post('/api/contact', { headers: account.admin.headers, data: { first_name: 'Ana', phone: uniquePhone(), tags: [{ name: tag }] } });
  expect(res.status(), await res.text()).toBe(201);
  await signIn(page, account.admin.email, account.password);
  await page.goto('/broadcasts/new');
  await page.getByRole('radio', { name: /^welcome/ }).check();
  await page.getByText('Contacts with a tag', { exact: true }).click();
  await page.getByLabel('Tag', { exact: true }).fill(tag);
  await page.getByRole('button', { name: 'Load contacts' }).click();
  await expect(page.getByTestId('tag-summary')).toContainText(`1 contact`);
  await page.getByLabel('Variable 2 (body)').selectOption({ label: 'The same text for everyone…' });
  await page.getByLabel('Variable 2 (body): text for everyone').fill('Acme');
  await page.getByLabel('Name', { exact: true }).fill('Zoned');
  await page.getByText('Schedule for later', { exact: true }).click();
  await expect(page.getByText(`In the account's time zone (${ZONE}, GMT+14).`)).toBeVisible();
  await page.getByLabel('Send at').fill('2030-01-15T09:30');
  await page.getByRole('button', { name: 'Review broadcast' }).click();
  // 09:30 in Kiritimati is 19:30 UTC the day before.
  const at = '2030-01-14T19:30:00.000Z';
  // Shown in the account's zone, and named: a schedule is read against a clock.
  await expect(page.locator('time', { hasText: await formatIn(page, at, ZONE) })).toContainText(`(${ZONE}, GMT+14)`);
  await page.getByRole('button', { name: 'Schedule for 1' }).click();
  await expect(page).toHaveURL(/\/broadcasts\/\d+$/);
  const id = page.url().split('/').pop();
  const broadcast = await (await request.get(`/api/broadcast/${id}`, { headers: account.admin.headers })).json();
  expect(new Date(broadcast.start_on).toISOString()).toBe(at);
});

test('a flow\'s "Start at" is a time in the account\'s zone; pasted numbers the API refuses are named', async ({ page, request }) => {
  expect((await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone: uniquePhone(), text: 'hi' } })).status()).toBe(201);
  const created = await request.post('/api/flow', { headers: account.admin.headers, data: { name: 'Later', steps: [{ ordering_idx: 0, step_type: 'MESSAGE', body: 'Hello' }] } });
  expect(created.status(), await created.text()).toBe(201);
  const flow = await created.json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/flows/${flow.id}`);

  await page.getByRole('button', { name: 'Start execution' }).click();
  await expect(page.getByText('Enter at least one phone number.')).toBeVisible();
  const phone = uniquePhone();
  await page.getByRole('textbox', { name: 'Phone numbers' }).fill(`${phone}\nabc`);
  await page.getByRole('button', { name: 'Start execution' }).click();
  await expect(page.getByText('Number 2 (abc): Enter a valid phone number.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Phone numbers' }).fill(phone);
  const startAt = page.getByLabel('Start at (optional)');
  await startAt.fill('2031-05-04T09:30');
  await expect(page.getByText(`In the account's time zone (${ZONE}, GMT+14); empty starts it now.`)).toBeVisible();
  await page.getByRole('button', { name: 'Start execution' }).click();
  await expect(page).toHaveURL(/\/flows\/executions\/[0-9a-f-]+$/);
  const id = page.url().split('/').pop()!;
  const execution = await (await request.get(`/api/flow-execution/${id}`, { headers: account.admin.headers })).json();
  // 09:30 at UTC+14 is 19:30 UTC the day before.
  expect(execution.start_on).toBe('2031-05-03T19:30:00.000Z');
});
