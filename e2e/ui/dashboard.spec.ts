import path from 'node:path';
import { expect, test } from '@playwright/test';
import { INVALID_TOKEN, newAccount, uniquePhone, type TestAccount } from '../api/factories';
import { signIn } from './sign-in';

// The dashboard end to end, through the browser as a user would: sign-in, contacts (form, list,
// detail, notes, edit), CSV import with its live report, and API keys (shown once, revoked).

// Made by lib/test-support/contacts-csv.ts: 1,000 rows, 35 rejected, 940 contacts in an MX account.
const CONTACTS_CSV = path.resolve(__dirname, '../fixtures/contacts-1k.csv');
const UUID_PATH = /\/contacts\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let account: TestAccount;
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
});

test('after ten failed sign-ins the form says how long to wait, even for the right password', async ({ page, request }) => {
  for (let i = 0; i < 10; i++) {
    const csrf = await (await request.get('/api/auth/csrf')).json();
    await request.post('/api/auth/callback/credentials', {
      form: { csrfToken: csrf.csrfToken, email: account.agent.email, password: 'wrong-password', json: 'true' }, maxRedirects: 0,
    });
  }
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.agent.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/^Too many failed sign-in attempts for this email\. Try again in 1[45] minutes\.$/)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('signing in through the login form opens the dashboard; signing out returns to it', async ({ page }) => {
  await page.goto('/contacts');
  await expect(page).toHaveURL(/\/login/);

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.admin.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Unable to sign in with the provided email and password.')).toBeVisible();

  await signIn(page, account.admin.email, account.password);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const item of ['Contacts', 'Inbox', 'Broadcasts', 'Flows', 'Webhooks', 'Settings', 'API keys']) {
    await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('current-user')).toContainText('Ada');

  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row', { name: new RegExp(account.admin.email) })).toContainText('Admin');
  await expect(members.getByRole('row', { name: new RegExp(account.agent.email) })).toContainText('Agent');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/contacts');
  await expect(page).toHaveURL(/\/login/);
});

test('a contact created through the form shows in the list and the detail, keeps notes when edited', async ({ page }) => {
  await signIn(page, account.admin.email, account.password);
  const phone = uniquePhone();
  const last = `Hopper ${Date.now()}`;

  await page.getByRole('link', { name: 'New contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New contact' })).toBeVisible();
  await page.getByLabel('Phone', { exact: true }).fill(phone);
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
  await page.getByLabel('External ID').fill('crm-42');
  await page.getByLabel('Tags').fill('vip, beta');
  await page.getByLabel('Attribute 1 name').fill('plan');
  await page.getByLabel('Attribute 1 value').fill('gold');
  await page.getByRole('button', { name: 'Create contact' }).click();

  await expect(page).toHaveURL(UUID_PATH);
  const detailUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: `Grace ${last}` })).toBeVisible();
  await expect(page.getByText('grace@example.com')).toBeVisible();
  await expect(page.getByText('vip', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Attributes' }).getByRole('row', { name: /plan/ })).toContainText('gold');

  await page.getByLabel('New note').fill('Prefers WhatsApp after 6pm');
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  await expect(notes).toContainText('Prefers WhatsApp after 6pm');
  await expect(notes).toContainText('Ada'); // the author

  // Edit through PUT: a changed field is saved, the note, tags and attributes are kept.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  await page.getByLabel('First name').fill('Grace B.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByRole('heading', { level: 1, name: `Grace B. ${last}` })).toBeVisible();
  await expect(notes).toContainText('Prefers WhatsApp after 6pm');
  await expect(page.getByText('beta', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Attributes' })).toContainText('gold');

  await page.getByRole('link', { name: '← Contacts' }).click();
  const list = page.getByRole('table', { name: 'Contacts' });
  // Shown formatted from the canonical number.
  await expect(list.getByRole('row', { name: new RegExp(last) })).toContainText(`+52 ${phone.slice(3, 5)} ${phone.slice(5, 9)} ${phone.slice(9)}`);
  await page.getByLabel('Search contacts').fill(last);
  await expect(page).toHaveURL(/search=/);
  await expect(list.getByRole('row')).toHaveCount(2); // header + the match
  await list.getByRole('link', { name: `Grace B. ${last}` }).click();
  await expect(page).toHaveURL(detailUrl);

  // Remove the note, then delete the contact.
  await page.getByRole('button', { name: 'Remove note' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove note' }).click();
  await expect(page.getByText('No notes yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete contact' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('link', { name: `Grace B. ${last}` })).toHaveCount(0);
});

test('the API\'s field error for a bad email shows under the email field', async ({ page }) => {
  await signIn(page, account.admin.email, account.password);
  await page.goto('/contacts/new');
  await page.getByLabel('Phone', { exact: true }).fill(uniquePhone());
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Create contact' }).click();

  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Enter a valid email address.');
  await expect(page).toHaveURL(/\/contacts\/new$/);
});

test('a new contact with a number that exists adds to that contact and keeps what was left blank', async ({ page, request }) => {
  const phone = uniquePhone();
  const created = await request.post('/api/contact', {
    headers: account.admin.headers, data: { phone, first_name: 'Ana', last_name: 'López', email: 'ana@example.com', tags: [{ name: 'vip' }], meta: { city: 'Puebla' } },
  });
  expect(created.status()).toBe(201);
  const existing = await created.json();
  await signIn(page, account.admin.email, account.password);
  await page.goto('/contacts/new');
  // The same number written the international way with its national digits spaced out.
  await page.getByLabel('Phone', { exact: true }).fill(`${phone.slice(0, 3)} ${phone.slice(3)}`);
  await page.getByLabel('First name', { exact: true }).fill('Ana María');
  await page.getByRole('button', { name: 'Create contact' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This number was already a contact' })).toBeVisible();
  // Told once: the address loses the flag, so a reload does not tell it again.
  await expect(page).toHaveURL(new RegExp(`/contacts/${existing.id}$`));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ana María López' })).toBeVisible();
  await expect(page.getByText('This number was already a contact')).toHaveCount(0);
  const after = await (await request.get(`/api/contact/${existing.id}`, { headers: account.admin.headers })).json();
  expect(after).toMatchObject({ first_name: 'Ana María', last_name: 'López', email: 'ana@example.com', meta: { city: 'Puebla' } });
  expect(after.tags.map((t: { name: string }) => t.name)).toEqual(['vip']);
});

test('a CSV import shows live progress, the totals and the rejected rows', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, account.admin.email, account.password);
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await page.getByLabel('CSV file').setInputFiles(CONTACTS_CSV);
  await page.getByRole('button', { name: 'Upload and import' }).click();

  await expect(page).toHaveURL(/\/contacts\/import\?upload=[0-9a-f-]{36}$/);
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByTestId('import-status')).toHaveText('Completed', { timeout: 150_000 });
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('import-rows')).toHaveText('1,000');
  await expect(page.getByTestId('import-created')).toHaveText('940');
  await expect(page.getByTestId('import-rejected')).toHaveText('35');

  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row')).toHaveCount(36); // header + 35
  const download = page.getByRole('link', { name: 'Download rejected rows' });
  await expect(download).toHaveAttribute('href', /^\/api\/contact\/upload\/[0-9a-f-]{36}\/rejected$/);
  const report = await page.request.get((await download.getAttribute('href'))!);
  expect(report.status()).toBe(200);
  expect(report.headers()['content-type']).toContain('text/csv');
  expect(await report.text()).toMatch(/^\uFEFF?line,reason,/);

  // Another file: the import just made is listed, and leads back to its report.
  const url = page.url();
  await page.getByRole('button', { name: 'Import another file' }).click();
  const recent = page.getByTestId('recent-import');
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText('Completed');
  await expect(recent).toContainText('1,000');
  await recent.getByRole('link').click();
  await expect(page).toHaveURL(url);
  await expect(page.getByTestId('import-rejected')).toHaveText('35');
});

test('an API key is shown once, works, and stops working once revoked in the UI', async ({ page, request }) => {
  await signIn(page, account.admin.email, account.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  const name = `ui key ${Date.now()}`;
  await page.getByLabel('Key name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toBeVisible();
  await expect(page.getByText('It will not be shown again')).toBeVisible();
  const key = (await shown.textContent())!.trim();
  expect(key.length).toBeGreaterThan(20);

  const ok = await request.get('/api/contact', { headers: { Authorization: `Token ${key}` } });
  expect(ok.status()).toBe(200);

  const row = page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(row).toContainText('Revoked');

  const refused = await request.get('/api/contact', { headers: { Authorization: `Token ${key}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual(INVALID_TOKEN);
});

test('an admin makes a key that acts as another member, with that member\'s role', async ({ page, request }) => {
  await signIn(page, account.admin.email, account.password);
  await page.goto('/dev/api-keys');
  const name = `agent key ${Date.now()}`;
  await page.getByLabel('Key name').fill(name);
  await page.getByLabel('Acts as').selectOption(String(account.agent.id));
  await expect(page.getByLabel('Acts as').locator('option:checked')).toHaveText(/^Alan .* · Agent$/);
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toBeVisible();
  const key = (await shown.textContent())!.trim();
  const me = await (await request.get('/api/me', { headers: { Authorization: `Token ${key}` } })).json();
  expect(me.user).toMatchObject({ id: account.agent.id, role: 'AGENT' });
  await expect(page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: new RegExp(name) })).toContainText('Alan');
  // The form is back to a key of the admin's own.
  await expect(page.getByLabel('Acts as')).toHaveValue('');
});

test('members who are not admins see no API keys', async ({ page }) => {
  await signIn(page, account.agent.email, account.password);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' })).toHaveCount(0);
  await page.goto('/dev/api-keys');
  await expect(page.getByText('Only admins can manage API keys.')).toBeVisible();
});

test('a contact\'s default assignees are chosen on its form, and kept or replaced when it is edited', async ({ page, request }) => {
  await signIn(page, account.admin.email, account.password);
  await page.goto('/contacts/new');
  await page.getByLabel('Phone', { exact: true }).fill(uniquePhone());
  const assignees = page.getByRole('group', { name: /New conversations of this contact go to/ });
  await assignees.getByLabel(/^Alan/).check();
  await page.getByRole('button', { name: 'Create contact' }).click();
  await expect(page).toHaveURL(UUID_PATH);
  const id = page.url().split('/').pop()!;
  const read = async () => (await (await request.get(`/api/contact/${id}`, { headers: account.admin.headers })).json())
    .default_assignees.map((u: { id: number }) => u.id);
  expect(await read()).toEqual([account.agent.id]);

  await page.goto(`/contacts/${id}/edit`);
  await expect(assignees.getByLabel(/^Alan/)).toBeChecked();
  await assignees.getByLabel(/^Alan/).uncheck();
  await assignees.getByLabel(/^Ada/).check();
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${id}$`));
  expect(await read()).toEqual([account.admin.id]);
});

test('saving the edit form keeps what others changed since it opened, and applies what the form changed', async ({ page, request }) => {
  await signIn(page, account.admin.email, account.password);
  const headers = account.admin.headers;
  const created = await (await request.post('/api/contact', {
    headers, data: { phone: uniquePhone(), first_name: 'Linus', tags: [{ name: 'old' }, { name: 'keep' }], meta: { plan: 'basic', city: 'León' } },
  })).json();
  await page.goto(`/contacts/${created.id}/edit`);
  await expect(page.getByLabel('First name')).toHaveValue('Linus');
  // Meanwhile, from elsewhere: a tag, a note and an attribute.
  const patched = await request.patch(`/api/contact/${created.id}`, { headers, data: { tags: [{ name: 'hot' }], notes: 'Called on the phone', meta: { tier: 'gold' } } });
  expect(patched.status()).toBe(200);
  await page.getByLabel('First name').fill('Linus T.');
  await page.getByLabel('Tags').fill('keep, new');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${created.id}$`));
  const saved = await (await request.get(`/api/contact/${created.id}`, { headers })).json();
  expect(saved.first_name).toBe('Linus T.');
  expect(saved.tags.map((t: { name: string }) => t.name).sort()).toEqual(['hot', 'keep', 'new']);
  expect(saved.meta).toEqual({ plan: 'basic', city: 'León', tier: 'gold' });
  expect(saved.notes.map((n: { notes: string }) => n.notes)).toEqual(['Called on the phone']);
});

test('a tag on the contacts list filters the list by it, kept in the address, and the filter comes off', async ({ page, request }) => {
  const headers = account.admin.headers;
  const tag = `vip${Date.now().toString(36)}`;
  for (const [first, tags] of [['Tagged One', [{ name: tag }]], ['Tagged Two', [{ name: tag }, { name: 'other' }]], ['Plain', []]] as const) {
    expect((await request.post('/api/contact', { headers, data: { phone: uniquePhone(), first_name: first, tags } })).status()).toBe(201);
  }
  await signIn(page, account.admin.email, account.password);
  await page.goto('/contacts');
  const rows = page.getByRole('table', { name: 'Contacts' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await page.getByRole('link', { name: `Contacts tagged ${tag}` }).first().click();
  await expect(page).toHaveURL(new RegExp(`/contacts\\?tag=${tag}$`));
  await expect(page.getByTestId('tag-filter')).toHaveText(new RegExp(`Tagged ${tag}`));
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Contacts' })).not.toContainText('Plain');
  await page.reload();
  await expect(rows).toHaveCount(2);
  await page.getByRole('link', { name: `Stop filtering by the tag ${tag}` }).click();
  await expect(rows).toHaveCount(3);
});

test('contacts selected on the list are tagged or deleted together', async ({ page, request }) => {
  const headers = account.admin.headers;
  const made: { id: string }[] = [];
  for (const first of ['Ana Bulk', 'Beto Bulk', 'Caro Bulk']) {
    made.push(await (await request.post('/api/contact', { headers, data: { phone: uniquePhone(), first_name: first } })).json());
  }
  await signIn(page, account.admin.email, account.password);
  await page.goto('/contacts');
  await page.getByLabel('Select Ana Bulk').check();
  await page.getByLabel('Select Beto Bulk').check();
  const bulk = page.getByRole('region', { name: 'Selected contacts' });
  await expect(bulk.getByTestId('selected-count')).toHaveText('2 contacts selected');
  await bulk.getByLabel('Tag').fill('fair-2026');
  await bulk.getByRole('button', { name: 'Add tag' }).click();
  await expect(bulk.getByRole('status')).toHaveText('Tagged “fair-2026”: 2 contacts.');
  const tagsOf = async (id: string) => (await (await request.get(`/api/contact/${id}`, { headers })).json()).tags.map((t: { name: string }) => t.name);
  expect([await tagsOf(made[0].id), await tagsOf(made[1].id), await tagsOf(made[2].id)]).toEqual([['fair-2026'], ['fair-2026'], []]);

  await page.getByLabel('Select every contact on this page').check();
  await expect(bulk.getByTestId('selected-count')).toHaveText('3 contacts selected');
  await page.getByLabel('Select every contact on this page').uncheck();
  await page.getByLabel('Select Caro Bulk').check();
  await bulk.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(bulk.getByRole('status')).toHaveText('Deleted 1 contact.');
  await expect(page.getByRole('table', { name: 'Contacts' })).not.toContainText('Caro Bulk');
  expect((await (await request.get(`/api/contact/${made[2].id}`, { headers })).json()).is_deleted).toBe(true);

  // Found again under Deleted, and restored from its page.
  await page.getByTestId('deleted-toggle').click();
  await expect(page).toHaveURL(/\/contacts\?deleted=1$/);
  await page.screenshot({ path: 'test-results/contacts-deleted.png' });
  const rows = page.getByRole('table', { name: 'Contacts' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Caro Bulk');
  await expect(page.getByLabel('Select Caro Bulk')).toHaveCount(0); // no bulk actions on deleted ones
  await expect(page.getByTestId('export-contacts')).toHaveAttribute('href', '/api/contact/export?is_deleted=true');
  await rows.getByRole('link').first().click();
  await page.getByRole('button', { name: 'Restore contact' }).click();
  await expect(page.getByTestId('contact-deleted')).toHaveCount(0);
  await page.goto('/contacts?deleted=1');
  await expect(page.getByText('No deleted contacts')).toBeVisible();
  await page.getByTestId('deleted-toggle').click();
  await expect(page.getByRole('table', { name: 'Contacts' }).locator('tbody tr')).toHaveCount(3);
  // The export link carries the list's filters.
  await page.getByLabel('Search contacts').fill('Bulk');
  await expect(page.getByTestId('export-contacts')).toHaveAttribute('href', '/api/contact/export?search=Bulk');
});

test('every contact a search matches, all pages, is tagged and untagged at once', async ({ page, request }) => {
  const headers = account.admin.headers;
  const made: { id: string }[] = [];
  for (let i = 0; i < 23; i++) {
    made.push(await (await request.post('/api/contact', { headers, data: { phone: uniquePhone(), first_name: `Expo ${i}` } })).json());
  }
  await request.post('/api/contact', { headers, data: { phone: uniquePhone(), first_name: 'Somebody else' } });
  await signIn(page, account.admin.email, account.password);
  await page.goto('/contacts?search=Expo');
  await expect(page.getByRole('table', { name: 'Contacts' }).locator('tbody tr')).toHaveCount(20);
  await page.getByLabel('Select every contact on this page').check();
  const bulk = page.getByRole('region', { name: 'Selected contacts' });
  await expect(bulk.getByTestId('selected-count')).toHaveText('20 contacts selected');
  await bulk.getByTestId('select-all-matching').click();
  await expect(bulk.getByTestId('selected-count')).toHaveText('All 23 contacts selected');
  await bulk.getByLabel('Tag').fill('expo-2026');
  await bulk.getByRole('button', { name: 'Add tag' }).click();
  await expect(bulk.getByRole('status')).toHaveText('Tagged “expo-2026”: 23 contacts.');
  const tagged = await (await request.get('/api/contact?tag=expo-2026', { headers })).json();
  expect(tagged.count).toBe(23);

  await page.getByLabel('Select every contact on this page').check();
  await bulk.getByTestId('select-all-matching').click();
  await bulk.getByLabel('Tag').fill('EXPO-2026');
  await bulk.getByRole('button', { name: 'Remove tag' }).click();
  await expect(bulk.getByRole('status')).toHaveText('Took “EXPO-2026” off 23 contacts.');
  expect((await (await request.get('/api/contact?tag=expo-2026', { headers })).json()).count).toBe(0);
});

test('a deleted contact\'s page says so and offers Restore; editing it keeps it deleted', async ({ page, request }) => {
  await signIn(page, account.admin.email, account.password);
  const headers = account.admin.headers;
  const created = await (await request.post('/api/contact', { headers, data: { phone: uniquePhone(), first_name: 'Gone', last_name: 'Away' } })).json();
  expect((await request.delete(`/api/contact/${created.id}`, { headers })).status()).toBe(204);
  await page.goto(`/contacts/${created.id}`);
  await expect(page.getByTestId('contact-deleted')).toContainText('This contact is deleted');
  await expect(page.getByRole('button', { name: 'Send message' })).toHaveCount(0);

  await page.goto(`/contacts/${created.id}/edit`);
  await page.getByLabel('Last name').fill('Still away');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${created.id}$`));
  await expect(page.getByTestId('contact-deleted')).toBeVisible();
  expect(await (await request.get(`/api/contact/${created.id}`, { headers })).json()).toMatchObject({ last_name: 'Still away', is_deleted: true });

  await page.getByRole('button', { name: 'Restore contact' }).click();
  await expect(page.getByTestId('contact-deleted')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  expect((await (await request.get(`/api/contact/${created.id}`, { headers })).json()).is_deleted).toBe(false);
});

test('an unknown address shows the dashboard\'s own "Page not found", with the way back, and the app has an icon', async ({ page, request }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Engage');
  await expect(page.getByRole('link', { name: 'Go to the inbox' })).toHaveAttribute('href', '/inbox');
  const icon = await page.locator('link[rel="icon"]').first().getAttribute('href');
  expect(icon).toBeTruthy();
  const served = await request.get(icon!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('image/svg+xml');
});

test('on a phone-sized screen no dashboard page scrolls sideways: a wide table scrolls inside its card', async ({ page, request }) => {
  // A flow whose step text is long: its page cuts the text rather than widening.
  const flow = await (await request.post('/api/flow', {
    headers: account.admin.headers,
    data: { name: 'Long', execution_type: 'INBOUND', steps: [{ ordering_idx: 0, step_type: 'MESSAGE', body: 'Thank you for writing to us today, '.repeat(8) }] },
  })).json();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, account.admin.email, account.password);
  for (const path of ['/contacts', '/inbox', '/templates', '/broadcasts', '/flows', `/flows/${flow.id}`, '/webhooks', '/settings/members', '/settings/channels', '/dev/api-keys']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width}px wide`).toBeLessThanOrEqual(390);
  }
});
