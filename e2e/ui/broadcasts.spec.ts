import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newAccount, uniquePhone, type TestAccount } from '../api/factories';
import { FakeCloud, TOKEN } from '../api/fake-cloud';
import { signIn } from './sign-in';

// The Broadcasts area through the browser: a broadcast built in the wizard from a CSV file
// (semicolons, a BOM, quoted values with the delimiter and a line break) whose columns are matched
// to the template's variables, with a row missing a value shown before sending and a phone the
// server would refuse shown by its row before Send; the confirm screen's count; the funnel filling up to read
// on the sandbox, and the message on the sandbox phone. Then pause, resume and cancel on a
// scheduled broadcast; retrying a failed recipient; recipients from the contacts with a tag.
// BROADCAST_SCREENSHOTS=<folder> saves a screenshot of each page there.

const SHOTS = process.env.BROADCAST_SCREENSHOTS;
async function shot(page: Page, name: string, { narrow = false } = {}) {
  if (!SHOTS) return;
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  if (!narrow) return;
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-narrow.png`), fullPage: true });
  await page.setViewportSize(size);
}

let account: TestAccount;
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
});

async function templateId(request: APIRequestContext, name: string): Promise<string> {
  const found = await request.get(`/api/channels/chat/template?search=${name}`, { headers: account.admin.headers });
  const t = (await found.json()).results.find((x: { name: string }) => x.name === name);
  expect(t, name).toBeTruthy();
  return t.id;
}

test('a broadcast from a CSV file: columns matched, row problems (a phone the server would refuse too) before sending, the funnel fills, the phone receives it', async ({ page }) => {
  test.setTimeout(150_000);
  const [ana, beto, caro, dora] = [uniquePhone(), uniquePhone(), uniquePhone(), uniquePhone()];
  const name = `Welcome wave ${Date.now()}`;
  const csv = [
    '\ufeffphone;company;name;note',
    `${ana};Acme;Ana;"first; with a semicolon"`,
    `${beto};"Acme; Inc.";Beto;"two`,
    `lines"`,
    `${caro};Acme;Caro;`,
    `${dora};;Dora;no company`,
    '12;Acme;Eva;a phone the server refuses',
  ].join('\r\n');

  await signIn(page, account.admin.email, account.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Broadcasts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Broadcasts' })).toBeVisible();
  await expect(page.getByText('No broadcasts yet')).toBeVisible();
  await page.getByRole('link', { name: 'New broadcast' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New broadcast' })).toBeVisible();

  await page.getByRole('radio', { name: /^welcome/ }).check();
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(page.getByTestId('csv-summary')).toContainText('5 rows · separated by semicolons');
  const filePreview = page.getByRole('table', { name: 'File preview' });
  await expect(filePreview).toContainText('Acme; Inc.');

  // The mapping step: the first guess (columns in file order) puts the company first; swap them.
  await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue('column:0');
  await expect(page.getByLabel('Variable 1 (body)')).toHaveValue('column:1');
  await page.getByLabel('Variable 1 (body)').selectOption({ label: 'name' });
  await page.getByLabel('Variable 2 (body)').selectOption({ label: 'company' });
  const preview = page.getByTestId('template-preview');
  await expect(preview).toContainText('Hi Ana, welcome to Acme! Reply to this message to talk to our team.');
  await expect(page.getByTestId('preview-source')).toContainText('Row 2');

  // The rows with problems, by spreadsheet row (row 3 spans two lines of the file): one missing a
  // value, one with a phone the server would refuse, read with the server's rules before Send.
  const problems = page.getByRole('table', { name: 'Rows with problems' });
  await expect(problems.getByRole('row')).toHaveCount(3);
  await expect(problems.getByRole('row', { name: /Row 5/ })).toContainText('No value for variable 2 (body) in column “company”.');
  await expect(problems.getByRole('row', { name: /Row 6/ })).toContainText('"12" is not a possible phone number.');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await shot(page, 'bui-new-mapping', { narrow: true });

  await page.getByRole('button', { name: 'Review broadcast' }).click();
  await expect(page.getByText('Fix the rows with problems, or leave them out.')).toBeVisible();
  await page.getByLabel('Leave out the 2 rows with problems and send to the other 3').check();
  await expect(page.getByTestId('ready-count')).toHaveText('3 recipients (2 left out)');
  await page.getByRole('button', { name: 'Review broadcast' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review the broadcast' })).toBeVisible();
  await expect(page.getByTestId('review-count')).toHaveText('3');
  await shot(page, 'bui-review');
  await page.getByRole('button', { name: 'Send to 3' }).click();

  // The broadcast's page: the funnel fills as the sandbox moves the statuses.
  await expect(page).toHaveURL(/\/broadcasts\/\d+$/);
  const id = page.url().match(/(\d+)$/)![1];
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} · Broadcast · Engage`);
  await shot(page, 'bui-detail-early');
  await expect(page.getByTestId('preview-body')).toHaveText('Hi {{1}}, welcome to {{2}}! Reply to this message to talk to our team.');
  await expect(page.getByTestId('funnel-sent')).toHaveAttribute('data-count', '3', { timeout: 30_000 });
  await expect(page.getByTestId('funnel-delivered')).toHaveAttribute('data-count', '3', { timeout: 30_000 });
  await expect(page.getByTestId('funnel-read')).toHaveAttribute('data-count', '3', { timeout: 30_000 });
  await expect(page.getByTestId('funnel-read')).toContainText('100%');
  await expect(page.getByTestId('funnel-failed')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('broadcast-status')).toHaveAttribute('data-status', 'COMPLETED');
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Retry failed/ })).toHaveCount(0);
  const recipients = page.getByRole('table', { name: 'Recipients' });
  await expect(recipients.getByTestId('recipient-status').and(page.locator('[data-status="read"]'))).toHaveCount(3, { timeout: 20_000 });
  await expect(recipients).toContainText('Beto · Acme; Inc.');
  // "Sent" lists those the Sent counter counts: all three were read, so are sent too.
  await page.getByRole('group', { name: 'Filter recipients by status' }).getByRole('button', { name: 'Sent', exact: true }).click();
  await expect(recipients.getByTestId('recipient-status')).toHaveCount(3);
  await page.getByRole('group', { name: 'Filter recipients by status' }).getByRole('button', { name: 'Failed' }).click();
  await expect(page.getByText('No recipients match these filters')).toBeVisible();
  await page.getByRole('group', { name: 'Filter recipients by status' }).getByRole('button', { name: 'All' }).click();
  await page.getByLabel('Search recipients by phone').fill(beto.slice(-8));
  await expect(recipients.getByRole('row')).toHaveCount(2);
  await shot(page, 'bui-detail', { narrow: true });

  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', `/api/broadcast/${id}/recipients/export`);
  const exported = await page.request.get(`/api/broadcast/${id}/recipients/export`);
  expect(exported.headers()['content-type']).toContain('text/csv');
  expect((await exported.text()).trim().split('\r\n')).toHaveLength(4);

  // The list: the broadcast with its progress, found by search.
  await page.getByRole('link', { name: '← Broadcasts' }).click();
  const list = page.getByRole('table', { name: 'Broadcasts' });
  const row = list.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByTestId('broadcast-status')).toHaveAttribute('data-status', 'COMPLETED');
  await expect(row).toContainText('3 of 3 sent');
  await page.getByLabel('Search broadcasts').fill('no such broadcast');
  await expect(page.getByText('No broadcasts match these filters')).toBeVisible();
  await page.getByLabel('Search broadcasts').fill('welcome wave');
  await expect(list.getByRole('row')).toHaveCount(2);
  await shot(page, 'bui-list', { narrow: true });

  // And the phones received it, each with its own values.
  await page.goto(`/sandbox?phone=${encodeURIComponent(beto)}`);
  await expect(page.getByRole('list', { name: 'Phone messages' })).toContainText('Hi Beto, welcome to Acme; Inc.! Reply to this message to talk to our team.');
  await page.goto(`/sandbox?phone=${encodeURIComponent(ana)}`);
  await expect(page.getByRole('list', { name: 'Phone messages' })).toContainText('Hi Ana, welcome to Acme!');
});

test('a scheduled broadcast is paused, resumed and canceled from its page; only the valid controls show', async ({ page, request }) => {
  const startOn = new Date(Date.now() + 3_600_000).toISOString();
  const res = await request.post('/api/broadcast', {
    headers: account.admin.headers,
    data: { name: 'Later', chat_template: await templateId(request, 'hello_world'), start_on: startOn, recipients: [{ phone: uniquePhone() }, { phone: uniquePhone() }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = await res.json();

  await signIn(page, account.admin.email, account.password);
  await page.goto(`/broadcasts/${id}`);
  const status = page.getByTestId('broadcast-status');
  await expect(status).toHaveText('Scheduled');
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(status).toHaveAttribute('data-status', 'PAUSED');
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(status).toHaveAttribute('data-status', 'PENDING');

  await page.getByRole('button', { name: 'Cancel broadcast' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this broadcast?' });
  await expect(dialog).toContainText('the 2 recipients not reached yet are skipped');
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(status).toHaveAttribute('data-status', 'PENDING');
  await page.getByRole('button', { name: 'Cancel broadcast' }).click();
  await dialog.getByRole('button', { name: 'Cancel broadcast' }).click();
  await expect(status).toHaveAttribute('data-status', 'CANCELED');
  await expect(page.getByRole('button', { name: /Pause|Resume|Cancel broadcast/ })).toHaveCount(0);
  await expect(page.getByTestId('funnel-skipped')).toHaveAttribute('data-count', '2');
  const recipients = page.getByRole('table', { name: 'Recipients' });
  await expect(recipients.getByRole('row').filter({ hasText: 'The broadcast was canceled.' })).toHaveCount(2);
  await shot(page, 'bui-canceled');
});

test('failed recipients are retried as a new broadcast linked to the first', async ({ page, request }) => {
  test.setTimeout(90_000);
  const cloud = await new FakeCloud().start();
  try {
    const stamp = `${Date.now()}`;
    const channel = await request.post('/api/channels', {
      headers: account.admin.headers,
      data: {
        name: 'Cloud', phone_number_id: `PN${stamp}`, business_account_id: `WABA${stamp}`, access_token: TOKEN, app_secret: 'secret',
        verify_token: 'verify', base_url: cloud.baseUrl, api_version: 'v21.0',
      },
    });
    expect(channel.status(), await channel.text()).toBe(201);
    const channelId = (await channel.json()).id;
    cloud.setTemplates(`WABA${stamp}`, [[{
      id: '3001', name: 'promo_note', language: 'en', status: 'APPROVED', category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Hello {{1}}, our sale starts today.' }],
    }]]);
    expect((await request.post(`/api/channels/${channelId}/sync-templates`, { headers: account.admin.headers })).status()).toBe(200);
    const [ok, bad] = [uniquePhone(), uniquePhone()];
    cloud.onSend(`PN${stamp}`, (_n, body) => ((body as { to: string }).to === bad.slice(1)
      ? { status: 400, json: { error: { message: '(#131026) Message undeliverable', code: 131026 } } } : undefined));
    const created = await request.post('/api/broadcast', {
      headers: account.admin.headers,
      data: { name: 'Sale', chat_template: await templateId(request, 'promo_note'), recipients: [{ phone: ok, data: ['Ana'] }, { phone: bad, data: ['Beto'] }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = await created.json();

    await signIn(page, account.admin.email, account.password);
    await page.goto(`/broadcasts/${id}`);
    await expect(page.getByTestId('broadcast-status')).toHaveAttribute('data-status', 'COMPLETED', { timeout: 30_000 });
    await expect(page.getByTestId('funnel-failed')).toHaveAttribute('data-count', '1');
    await expect(page.getByTestId('funnel-failed')).toContainText('50%');
    const recipients = page.getByRole('table', { name: 'Recipients' });
    // Phones are shown formatted from the canonical number (spaces between the groups).
    const spaced = new RegExp(bad.split('').map((ch) => (ch === '+' ? '\\+' : ch)).join('\\s?'));
    await expect(recipients.getByRole('row', { name: spaced })).toContainText('(#131026) Message undeliverable');
    await shot(page, 'bui-failed');

    cloud.onSend(`PN${stamp}`, () => undefined);
    await page.getByRole('button', { name: 'Retry failed (1)' }).click();
    await page.getByRole('dialog', { name: 'Retry the failed recipients?' }).getByRole('button', { name: 'Send again' }).click();
    await expect(page).not.toHaveURL(new RegExp(`/broadcasts/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Sale (retry)' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Broadcast #${id}` })).toBeVisible();
    await expect(page.getByTestId('funnel-sent')).toHaveAttribute('data-count', '1', { timeout: 30_000 });
    const retryId = page.url().match(/(\d+)$/)![1];
    await page.getByRole('link', { name: `Broadcast #${id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/broadcasts/${id}$`));
    // Retried once: the button gives way to the retry's link, so nobody is sent the message twice.
    await expect(page.getByRole('link', { name: `Broadcast #${retryId}` })).toBeVisible();
    await expect(page.getByRole('button', { name: /Retry failed/ })).toHaveCount(0);
  } finally {
    await cloud.stop();
  }
});

test('recipients from the contacts with a tag: variables from a field and fixed text, a contact without a value is shown', async ({ page, request }) => {
  const tag = `vip${Date.now()}`;
  const people = [{ first_name: 'Ana', phone: uniquePhone() }, { first_name: 'Beto', phone: uniquePhone() }, { first_name: '', phone: uniquePhone() }];
  for (const p of people) {
    const res = await request.post('/api/contact', { headers: account.admin.headers, data: { ...p, tags: [{ name: tag }] } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await signIn(page, account.admin.email, account.password);
  await page.goto('/broadcasts/new');
  await page.getByRole('radio', { name: /^welcome/ }).check();
  await page.getByText('Contacts with a tag', { exact: true }).click();
  await page.getByLabel('Tag', { exact: true }).fill(tag);
  await page.getByRole('button', { name: 'Load contacts' }).click();
  await expect(page.getByTestId('tag-summary')).toContainText(`3 contacts have the tag “${tag}”.`);
  await expect(page.getByLabel('Variable 1 (body)')).toHaveValue('field:first_name');
  await page.getByLabel('Variable 2 (body)').selectOption({ label: 'The same text for everyone…' });
  await page.getByLabel('Variable 2 (body): text for everyone').fill('Acme');
  const problems = page.getByRole('table', { name: 'Contacts with problems' });
  await expect(problems.getByRole('row')).toHaveCount(2);
  await expect(problems).toContainText(people[2].phone);
  await expect(problems).toContainText('No first name for variable 1 (body).');
  await expect(page.getByTestId('template-preview')).toContainText(/Hi (Ana|Beto), welcome to Acme!/);
  await page.getByLabel('Leave out the 1 contact with problems and send to the other 2').check();
  await page.getByLabel('Name', { exact: true }).fill('Tagged');
  await page.getByText('Schedule for later', { exact: true }).click();
  await page.getByLabel('Send at').fill('2001-01-01T10:00');
  await page.getByRole('button', { name: 'Review broadcast' }).click();
  await expect(page.getByText('This time has passed. Choose a later one, or send now.')).toBeVisible();
  await page.getByText('Send now', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Priority' }).check();
  await page.getByLabel('Contact tags to add').fill('wave-1, wave-1 , vip');
  await shot(page, 'bui-new-tag');
  await page.getByRole('button', { name: 'Review broadcast' }).click();
  await expect(page.getByTestId('review-count')).toHaveText('2');
  await expect(page.getByText('wave-1, vip')).toBeVisible();
  await page.getByRole('button', { name: 'Send to 2' }).click();
  await expect(page).toHaveURL(/\/broadcasts\/\d+$/);
  await expect(page.getByText('Yes: also sent to contacts in a flow or talking with an agent')).toBeVisible();
  await expect(page.getByTestId('funnel-sent')).toHaveAttribute('data-count', '2', { timeout: 30_000 });
});

test('a number repeated in the file counts once: the ready count, the review and the button say how many are messaged', async ({ page, request }) => {
  const [ana, beto] = [uniquePhone(), uniquePhone()];
  const csv = ['phone,name,company', `${ana},Ana,Acme`, `${beto},Beto,Acme`, `${ana.replace('+52', '0052 ')},Ana again,Acme`].join('\n');
  await signIn(page, account.admin.email, account.password);
  await page.goto('/broadcasts/new');
  await page.getByRole('radio', { name: /^welcome/ }).check();
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'twice.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByLabel('Variable 1 (body)').selectOption({ label: 'name' });
  await page.getByLabel('Variable 2 (body)').selectOption({ label: 'company' });
  await page.getByLabel('Name', { exact: true }).fill(`Twice ${Date.now()}`);
  await expect(page.getByTestId('ready-count')).toHaveText('2 recipients (1 repeated)');
  await page.getByRole('button', { name: 'Review broadcast' }).click();
  await expect(page.getByTestId('review-count')).toHaveText('2');
  await expect(page.getByText('3 rows from CSV file twice.csv')).toBeVisible();
  await page.getByRole('button', { name: 'Send to 2' }).click();
  await expect(page).toHaveURL(/\/broadcasts\/\d+$/);
  const id = page.url().match(/(\d+)$/)![1];
  expect((await (await request.get(`/api/broadcast/${id}`, { headers: account.admin.headers })).json()).total).toBe(2);
});
