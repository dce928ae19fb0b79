import { expect, test } from '@playwright/test';
import { newAccount, type TestAccount } from '../api/factories';
import { signIn } from './sign-in';

// Messaging through the browser, on the sandbox channel every account gets: a template sent from
// the API reaches the sandbox phone, the person playing the contact replies, and the conversation
// page shows the reply and the template's status moving to read; the template preview renders the
// variables live; a cloud_api channel added in the settings shows masked secrets, its callback URL
// and the outcome of testing credentials that cannot work.

const CONVERSATION_PATH = /\/inbox\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let n = 0;
/** +5255 and 8 digits, unique enough across runs and tests. */
function phone(): string {
  n += 1;
  return `+5255${String((Date.now() + n * 7919) % 1e8).padStart(8, '0')}`;
}

let account: TestAccount;
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
});

test('a template sent from the API reaches the sandbox phone; the reply shows in the conversation, whose template is read', async ({ page, request }) => {
  test.setTimeout(120_000);
  const number = phone();
  const found = await request.get('/api/channels/chat/template?search=welcome', { headers: account.admin.headers });
  expect(found.status(), await found.text()).toBe(200);
  const welcome = (await found.json()).results.find((t: { name: string }) => t.name === 'welcome');
  expect(welcome).toBeTruthy();
  const sent = await request.post(`/api/channels/chat/template/${welcome.id}/send`, {
    headers: account.admin.headers, data: { phone: number, variables: ['Ana', 'Acme'] },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { conversation } = await sent.json();

  await signIn(page, account.admin.email, account.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sandbox phone' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox phone' })).toBeVisible();
  await page.getByLabel('Phone number').fill(number);
  await page.getByRole('button', { name: 'Open phone' }).click();
  await expect(page).toHaveURL(/\/sandbox\?phone=/);

  const phoneThread = page.getByRole('list', { name: 'Phone messages' });
  await expect(phoneThread).toContainText('Hi Ana, welcome to Acme! Reply to this message to talk to our team.');

  const reply = `Hola, I need help with order ${Date.now()}`;
  await page.getByLabel('Message', { exact: true }).fill(reply);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(phoneThread.getByTestId('phone-message').filter({ hasText: reply })).toHaveAttribute('data-direction', 'sent');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

  // The conversation, found through the inbox.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
  const list = page.getByRole('list', { name: 'Conversation list' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('link').first().click();
  await expect(page).toHaveURL(CONVERSATION_PATH);
  expect(page.url()).toContain(conversation);

  const thread = page.getByRole('list', { name: 'Messages' });
  const inbound = thread.getByTestId('message').filter({ hasText: reply });
  await expect(inbound).toHaveAttribute('data-direction', 'INBOUND');
  await expect(inbound).toHaveAttribute('data-type', 'text');
  const template = thread.getByTestId('message').filter({ hasText: 'Hi Ana, welcome to Acme!' });
  await expect(template).toHaveAttribute('data-type', 'template');
  await expect(template.getByTestId('message-status')).toHaveAttribute('data-status', 'read', { timeout: 30_000 });
  await expect(template.getByTestId('message-status')).toHaveText(/Read/);

  // The contact wrote, so the 24-hour window is open: an agent's free-form reply goes out.
  await expect(page.getByTestId('window-info')).toContainText('Free-form replies are possible until');
  const answer = `Thanks Ana, we are on it ${Date.now()}`;
  await page.getByLabel('Reply', { exact: true }).fill(answer);
  await page.getByRole('button', { name: 'Send reply' }).click();
  const outbound = thread.getByTestId('message').filter({ hasText: answer });
  await expect(outbound).toHaveAttribute('data-direction', 'OUTBOUND');
  await expect(outbound.getByTestId('message-status')).toHaveAttribute('data-status', 'read', { timeout: 30_000 });

  // Status, assignee and tags, each applied at once through PATCH …/update.
  await page.getByLabel('Status', { exact: true }).selectOption('RESOLVED');
  await expect(page.getByRole('region', { name: 'Conversation', exact: true }).getByTestId('conversation-status')).toHaveAttribute('data-status', 'RESOLVED');
  // The reply assigned the unassigned conversation to the agent who wrote it.
  await expect(page.getByRole('list', { name: 'Assignees' })).toContainText('Ada');
  for (const tag of ['vip', 'order']) {
    await page.getByLabel('Add tag').fill(tag);
    await page.getByLabel('Add tag').press('Enter');
    await expect(page.getByRole('list', { name: 'Conversation tags' })).toContainText(tag);
  }
  const saved = await request.get(`/api/inbox/conversation/${conversation}`, { headers: account.admin.headers });
  const body = await saved.json();
  expect(body.status).toBe('RESOLVED');
  expect(body.assigned.map((u: { id: number }) => u.id)).toEqual([account.admin.id]);
  expect(body.tags.map((t: { name: string }) => t.name).sort()).toEqual(['order', 'vip']);

  // And the phone received the agent's reply.
  await page.goto(`/sandbox?phone=${encodeURIComponent(number)}`);
  await expect(page.getByRole('list', { name: 'Phone messages' })).toContainText(answer);
});

test('the template preview renders header, body, footer and buttons with the sample variables, and sends', async ({ page }) => {
  await signIn(page, account.admin.email, account.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Templates' });
  await expect(table.getByRole('row')).toHaveCount(5); // header + the four sandbox templates

  await page.getByLabel('Category').selectOption('APPOINTMENT_UPDATE');
  await expect(page).toHaveURL(/category=APPOINTMENT_UPDATE/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('appointment_reminder');
  await page.getByLabel('Status').selectOption('rejected');
  await expect(page.getByText('No templates match these filters')).toBeVisible();
  await page.getByLabel('Category').selectOption('');
  await page.getByLabel('Status').selectOption('approved');
  await page.getByLabel('Search templates').fill('order');
  await expect(page).toHaveURL(/search=order/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: 'order_update' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'order_update' })).toBeVisible();
  const preview = page.getByTestId('template-preview');
  await expect(preview.getByTestId('preview-header')).toHaveText('Order {{1}}');
  await expect(preview.getByTestId('preview-footer')).toHaveText('Reply STOP to opt out');
  await page.getByLabel('Variable 1 (header)').fill('A-1001');
  await page.getByLabel('Variable 2 (body)').fill('Ana');
  await expect(preview.getByTestId('preview-header')).toHaveText('Order A-1001');
  await expect(preview.getByTestId('preview-body')).toHaveText('Hi Ana, your order is on its way and should arrive on {{2}}.');
  await page.getByLabel('Variable 3 (body)').fill('Friday');
  await page.getByLabel('Variable 4 (button 1 URL)').fill('A-1001');
  await expect(preview.getByTestId('preview-body')).toHaveText('Hi Ana, your order is on its way and should arrive on Friday.');
  await expect(preview.getByRole('list', { name: 'Template buttons' })).toContainText('Track order');
  await expect(preview.getByTestId('preview-button-url')).toHaveText('https://example.com/track/A-1001');

  // A bad phone is a field error; a good one sends and links to the conversation.
  await page.getByLabel('Phone', { exact: true }).fill('12');
  await page.getByRole('button', { name: 'Send template' }).click();
  await expect(page.getByLabel('Phone', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  const number = phone();
  await page.getByLabel('Phone', { exact: true }).fill(number);
  await page.getByRole('button', { name: 'Send template' }).click();
  await expect(page.getByTestId('send-result')).toContainText('Queued for sending.');
  await page.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(page).toHaveURL(CONVERSATION_PATH);
  // The phone as typed, shown formatted from its canonical form.
  await expect(page.getByRole('heading', { level: 1, name: `+52 55 ${number.slice(5, 9)} ${number.slice(9)}` })).toBeVisible();
  const template = page.getByRole('list', { name: 'Messages' }).getByTestId('message').filter({ hasText: 'Hi Ana, your order is on its way' });
  await expect(template).toContainText('should arrive on Friday.');
  await expect(page.getByTestId('window-info')).toContainText('only template messages can be sent');
});

test('a cloud_api channel added in the settings shows its masked secrets, callback URL and a failed credentials test', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, account.admin.email, account.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Channels' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Channels' }).getByRole('row', { name: /Sandbox/ })).toBeVisible();

  await page.getByRole('link', { name: 'Add channel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a Cloud API channel' })).toBeVisible();
  // The API's field errors, under the fields.
  await page.getByLabel('Base URL').fill('not a url');
  await page.getByRole('button', { name: 'Add channel' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/settings\/channels\/new$/);

  const token = 'EAAG-test-access-token-0123456789';
  const name = `Support line ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Phone number ID').fill('109876543210');
  await page.getByLabel('Business account ID').fill('220033445566');
  await page.getByLabel('Access token').fill(token);
  await page.getByLabel('App secret').fill('app-secret-abcdefghijkl');
  await page.getByLabel('Verify token').fill('verify-me');
  await page.getByLabel('Base URL').fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Add channel' }).click();

  await expect(page).toHaveURL(/\/settings\/channels\/\d+$/);
  const id = page.url().match(/(\d+)$/)![1];
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('callback-url')).toHaveText(new RegExp(`^https?://[^/]+/api/channels/cloud-api/webhook/${id}$`));
  await expect(page.getByRole('button', { name: 'Copy callback URL' })).toBeVisible();
  await expect(page.getByTestId('masked-access-token')).toHaveText('••••6789');
  await expect(page.getByTestId('masked-app-secret')).toHaveText('••••ijkl');
  await expect(page.getByTestId('masked-verify-token')).toHaveText('••••');
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(page.getByTestId('channel-status')).toHaveAttribute('data-status', 'NEW');

  await page.getByRole('button', { name: 'Test credentials' }).click();
  const result = page.getByTestId('credentials-result');
  await expect(result).toHaveAttribute('data-ok', 'false', { timeout: 30_000 });
  await expect(result).toContainText('The credentials could not be checked');
  await expect(result).toContainText('Could not reach the provider');

  await page.getByRole('button', { name: 'Sync templates' }).click();
  const syncError = page.getByRole('alert').filter({ hasText: 'Template sync failed' });
  await expect(syncError).toBeVisible({ timeout: 30_000 });
  // A network failure is said as one, without the client's internal codes.
  await expect(syncError).toContainText('Could not reach the provider');
  await expect(syncError).not.toContainText('(network)');
  await expect(page.getByText('No templates yet')).toBeVisible();

  await page.getByRole('link', { name: '← Channels' }).click();
  await expect(page.getByRole('table', { name: 'Channels' }).getByRole('link', { name })).toBeVisible();
});

test('the sandbox phone presses a template\'s quick-reply button and sends a file by link', async ({ page, request }) => {
  const number = phone();
  const found = await request.get('/api/channels/chat/template?search=appointment_reminder', { headers: account.admin.headers });
  const reminder = (await found.json()).results[0];
  const sent = await request.post(`/api/channels/chat/template/${reminder.id}/send`, {
    headers: account.admin.headers, data: { phone: number, variables: ['Ana', 'lunes', '10:00'] },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { conversation } = await sent.json();

  await signIn(page, account.admin.email, account.password);
  await page.goto(`/sandbox?phone=${encodeURIComponent(number)}`);
  const phoneThread = page.getByRole('list', { name: 'Phone messages' });
  await expect(phoneThread).toContainText('Hola Ana, te recordamos tu cita el lunes a las 10:00.');

  await page.getByRole('button', { name: 'Button', exact: true }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(phoneThread.getByTestId('phone-message').filter({ hasText: 'Confirmar' }).last()).toHaveAttribute('data-direction', 'sent');

  await page.getByRole('button', { name: 'File', exact: true }).click();
  await page.getByRole('button', { name: 'Send file' }).click();
  await expect(page.getByLabel('File link')).toHaveAttribute('aria-invalid', 'true'); // the API's own field errors
  await expect(page.getByLabel('MIME type')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('File link').fill('https://example.com/files/receipt.pdf');
  await page.getByLabel('MIME type').fill('application/pdf');
  await page.getByLabel('File name').fill('receipt.pdf');
  await page.getByRole('button', { name: 'Send file' }).click();
  await expect(phoneThread.getByRole('link', { name: 'receipt.pdf' })).toBeVisible();

  const messages = await (await request.get(`/api/inbox/conversation/${conversation}/messages`, { headers: account.admin.headers })).json();
  const inbound = messages.results.filter((m: { direction: string }) => m.direction === 'INBOUND');
  expect(inbound.map((m: { msg_type: string; body: string }) => [m.msg_type, m.body])).toEqual([['button', 'Confirmar'], ['document', 'receipt.pdf']]);
});
