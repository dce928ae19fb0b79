import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newAccount, uniquePhone, type TestAccount } from '../api/factories';
import { signIn } from './sign-in';

// The composer and its surroundings in the browser: a quick reply fills its variables, a file
// attached by the agent reaches the sandbox phone, the keyboard works the queue, the contact
// panel edits in place, and the contact page sends a template.

let account: TestAccount;
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A contact (with name and attributes) who wrote, so the 24-hour window is open: their conversation. */
async function contactWhoWrote(request: APIRequestContext, data: Record<string, unknown> = {}) {
  const phone = uniquePhone();
  const contact = await request.post('/api/contact', { headers: account.admin.headers, data: { phone, ...data } });
  expect(contact.status()).toBe(201);
  const res = await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone, text: `Hello ${Date.now()}` } });
  expect(res.status()).toBe(201);
  return { phone, contactId: (await contact.json()).id as string, conversation: (await res.json()).conversation as string };
}

const phoneMessages = async (request: APIRequestContext, phone: string) =>
  (await (await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, { headers: account.admin.headers })).json())
    .results as { body: string; msg_type: string; direction: string }[];

async function openConversation(page: Page, id: string) {
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/inbox/${id}`);
  await expect(page.getByLabel('Reply', { exact: true })).toBeVisible();
}

test('a quick reply made in settings, typed as / in the reply box, fills the contact\'s fields and attributes, and is sent', async ({ page, request }) => {
  await request.post('/api/quick-reply', { headers: account.admin.headers, data: { shortcut: 'goodbye', body: 'Bye {{contact.first_name}}' } });
  const { phone, conversation } = await contactWhoWrote(request, { first_name: 'Lucía', meta: { city: 'Puebla' } });
  await signIn(page, account.admin.email, account.password);
  await page.goto('/settings/quick-replies');
  await page.getByRole('button', { name: 'New quick reply' }).click();
  await page.getByLabel('Shortcut').fill('greeting');
  await page.getByLabel('Text').fill('Hi {{name}}');
  await page.getByRole('button', { name: 'Create quick reply' }).click();
  await expect(page.getByText('Unknown variable {{name}}')).toBeVisible();
  await page.getByLabel('Text').fill('Hi {{contact.first_name}}! Our {{contact.city}} store opens at 9. {{agent.first_name}}');
  await page.getByRole('button', { name: 'Create quick reply' }).click();
  await expect(page.getByRole('list', { name: 'Quick replies' }).getByRole('listitem')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('quick-replies-settings.png') });
  await page.goto(`/inbox/${conversation}`);

  const box = page.getByLabel('Reply', { exact: true });
  await box.fill('Thanks! /gr');
  const picker = page.getByRole('listbox', { name: 'Quick replies' });
  await expect(picker.getByRole('option')).toHaveCount(1);
  await expect(picker.getByRole('option')).toContainText('/greeting');
  await page.screenshot({ path: test.info().outputPath('quick-reply-picker.png') });
  await box.press('Enter');
  await expect(picker).toHaveCount(0);
  const me = await (await request.get('/api/me', { headers: account.admin.headers })).json();
  const filled = `Thanks! Hi Lucía! Our Puebla store opens at 9. ${me.user.first_name}`;
  await expect(box).toHaveValue(filled);

  // Escape closes the picker and leaves what was typed.
  await box.press('End');
  await box.pressSequentially(' /go');
  await expect(picker.getByRole('option')).toHaveCount(1);
  await expect(picker.getByRole('option')).toContainText('/goodbye');
  await box.press('Escape');
  await expect(picker).toHaveCount(0);
  await box.fill(filled);

  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(box).toHaveValue('');
  await expect.poll(async () => (await phoneMessages(request, phone)).map((m) => m.body)).toContain(filled);
});

test('a reply past the limit is counted and refused, never cut; the sender\'s name counts toward it', async ({ page, request }) => {
  const fresh = await newAccount(request);
  const phone = uniquePhone();
  const wrote = await request.post('/api/channels/sandbox/inbound', { headers: fresh.admin.headers, data: { phone, type: 'text', text: 'Hola' } });
  const { conversation } = await wrote.json();
  await signIn(page, fresh.admin.email, fresh.password);
  await page.goto(`/inbox/${conversation}`);
  const box = page.getByLabel('Reply', { exact: true });
  await box.fill('x'.repeat(4100));
  await expect(box).toHaveValue('x'.repeat(4100)); // kept whole
  await expect(page.getByTestId('composer-count')).toHaveText('4,100 / 4,096');
  await expect(page.getByText('At most 4,096 characters: take 4 out.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reply' })).toBeDisabled();
  // Within the limit on its own, but not with the name the account puts before it.
  await request.patch('/api/account', { headers: fresh.admin.headers, data: { inbox_add_name_before_message: true } });
  await box.fill('y'.repeat(4090));
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(/With your name added before it, this message may have at most \d+ characters \(it has 4090\)\./)).toBeVisible();
  await expect(box).toHaveValue('y'.repeat(4090));
});

test('an unsent reply stays with its conversation when the agent opens another, and across a reload', async ({ page, request }) => {
  const fresh = await newAccount(request);
  const wrote = async () => (await (await request.post('/api/channels/sandbox/inbound', {
    headers: fresh.admin.headers, data: { phone: uniquePhone(), type: 'text', text: 'Hola' },
  })).json()).conversation as string;
  const [first, second] = [await wrote(), await wrote()];
  await signIn(page, fresh.admin.email, fresh.password);
  await page.goto(`/inbox/${first}`);
  const box = page.getByLabel('Reply', { exact: true });
  await box.fill('Let me check your order');
  await page.goto(`/inbox/${second}`);
  await expect(box).toHaveValue('');
  await page.goto(`/inbox/${first}`);
  await expect(box).toHaveValue('Let me check your order');
  await page.reload();
  await expect(box).toHaveValue('Let me check your order');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(box).toHaveValue('');
  // The draft goes once the API has the reply (a reload while it is on its way keeps it).
  await expect.poll(() => page.evaluate((id) => window.localStorage.getItem(`engage:draft:${id}`), first)).toBeNull();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Messages' }).getByTestId('message').filter({ hasText: 'Let me check your order' })).toBeVisible();
  await expect(box).toHaveValue('');
});

test('a file attached by the agent reaches the sandbox phone', async ({ page, request }) => {
  const { phone, conversation } = await contactWhoWrote(request);
  await openConversation(page, conversation);

  // A type the provider does not take is refused before anything is uploaded.
  await page.getByLabel('Attach a file').setInputFiles({ name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  const thread = page.getByRole('region', { name: 'Conversation', exact: true });
  await expect(thread.getByRole('alert')).toContainText('"tool.exe" cannot be sent');

  await page.getByLabel('Attach a file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  const chip = page.getByTestId('composer-attachment');
  await expect(chip).toContainText('receipt.png');
  await expect(chip).toContainText('1 KB');
  await expect(thread.getByRole('alert')).toHaveCount(0);
  await page.getByLabel('Reply', { exact: true }).fill('Your receipt');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(chip).toHaveCount(0);
  const sent = page.getByRole('list', { name: 'Messages' }).getByTestId('message').filter({ hasText: 'Your receipt' });
  await expect(sent.getByRole('link', { name: 'receipt.png' })).toBeVisible();
  await expect(sent.getByRole('img', { name: 'receipt.png' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('attachment-sent.png') });
  // On a phone-sized screen the thread and composer fill it; the details open over them.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByLabel('Attach a file')).toBeAttached();
  await page.screenshot({ path: test.info().outputPath('attachment-phone.png') });
  await page.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByRole('region', { name: 'Contact', exact: true }).getByLabel('First name')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('details-phone.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto(`/sandbox?phone=${encodeURIComponent(phone)}`);
  const received = page.getByTestId('phone-message').filter({ hasText: 'receipt.png' });
  await expect(received).toHaveAttribute('data-direction', 'received');
  await expect(received).toContainText('Your receipt');
  const image = received.getByRole('img', { name: 'receipt.png' });
  await expect(image).toBeVisible();
  // The image loaded from the product's URL (a broken one has no natural width).
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.screenshot({ path: test.info().outputPath('sandbox-phone-attachment.png') });
});

test('keyboard: next and previous conversation, focus, send, resolve, assign to me, and ? lists them', async ({ page, request }) => {
  const oldest = await contactWhoWrote(request, { first_name: 'Oldest' });
  const older = await contactWhoWrote(request, { first_name: 'Older' });
  const newer = await contactWhoWrote(request, { first_name: 'Newer' });
  await openConversation(page, newer.conversation);
  await expect(page.getByTestId('conversation-row')).toHaveCount(3);

  // Keys pressed faster than the pages come move one conversation each: the URL changes before the
  // next page is mounted, and the second key moves on from where the first one went.
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`/inbox/${oldest.conversation}$`));
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`/inbox/${newer.conversation}$`));

  // The URL changes before the new conversation's page is mounted; a ? pressed in between opens
  // the help of the page being left, which the new one replaces closed: pressed again until it shows.
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(async () => {
    if (!(await help.isVisible())) await page.keyboard.press('?');
    await expect(help).toContainText('Next conversation', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(help).toContainText('Assign the conversation to me');
  await page.screenshot({ path: test.info().outputPath('shortcuts.png') });
  // A modal dialog: the focus is in it.
  await expect(help.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // Single-key shortcuts can be switched off (and back on) from the dialog, opened by its button.
  await page.getByRole('button', { name: /^Shortcuts/ }).click();
  await help.getByLabel(/Single-key shortcuts/).uncheck();
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(new RegExp(`/inbox/${newer.conversation}$`));
  await page.getByRole('button', { name: /^Shortcuts/ }).click();
  await help.getByLabel(/Single-key shortcuts/).check();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // Typing in the reply box is typing: j stays a letter; Ctrl+Enter sends.
  await page.keyboard.press('r');
  const box = page.getByLabel('Reply', { exact: true });
  await expect(box).toBeFocused();
  await page.keyboard.type('just a moment');
  await expect(page).toHaveURL(new RegExp(`/inbox/${newer.conversation}$`));
  await page.keyboard.press('Control+Enter');
  await expect(box).toHaveValue('');
  await expect.poll(async () => (await phoneMessages(request, newer.phone)).map((m) => m.body)).toContain('just a moment');
  // The box empties as the reply leaves: Ctrl+Enter pressed twice sends it once.
  await page.keyboard.type('only once');
  await page.keyboard.press('Control+Enter');
  await page.keyboard.press('Control+Enter');
  await expect(box).toHaveValue('');
  await page.waitForTimeout(1000);
  expect((await phoneMessages(request, newer.phone)).filter((m) => m.body === 'only once')).toHaveLength(1);
  // A reply that fails comes back to the box, beside the reason.
  const sendUrl = `**/api/inbox/conversation/${newer.conversation}/messages`;
  await page.route(sendUrl, (route) => (route.request().method() === 'POST'
    ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ detail: 'The provider is down.' }) })
    : route.fallback()));
  await page.keyboard.type('try again');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('The provider is down.')).toBeVisible();
  await expect(box).toHaveValue('try again');
  await page.unroute(sendUrl);
  await box.fill('');
  // Switching to a note and back while a reply is on its way leaves the box able to send.
  await page.route(sendUrl, async (route) => { await new Promise((r) => setTimeout(r, 800)); await route.fallback(); });
  await box.fill('slow one');
  await box.press('Control+Enter');
  await page.getByRole('button', { name: 'Internal note' }).click();
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await page.unroute(sendUrl);
  await expect.poll(async () => (await phoneMessages(request, newer.phone)).map((m) => m.body)).toContain('slow one');
  const replyBox = page.getByLabel('Reply', { exact: true });
  await replyBox.fill('after the switch');
  await replyBox.press('Control+Enter');
  await expect.poll(async () => (await phoneMessages(request, newer.phone)).map((m) => m.body)).toContain('after the switch');

  // The reply assigned it to me already: on the older one, a assigns and e resolves.
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`/inbox/${older.conversation}$`));
  await expect(page.getByRole('list', { name: 'Assignees' }).getByRole('listitem')).toHaveCount(0);
  await page.keyboard.press('a');
  await expect(page.getByRole('list', { name: 'Assignees' }).getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('e');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('RESOLVED');
  const saved = await (await request.get(`/api/inbox/conversation/${older.conversation}`, { headers: account.admin.headers })).json();
  expect(saved).toMatchObject({ status: 'RESOLVED', assigned: [{ id: account.admin.id }] });
});

test('the contact panel edits fields, attributes, tags and notes in place, and lists the other conversations', async ({ page, request }) => {
  const { contactId, conversation } = await contactWhoWrote(request, { first_name: 'Ana', meta: { plan: 'silver' }, tags: [{ name: 'lead' }] });
  await openConversation(page, conversation);
  const panel = page.getByRole('region', { name: 'Contact', exact: true });

  await panel.getByLabel('First name').fill('Anabel');
  await panel.getByLabel('First name').press('Enter');
  await expect(page.getByRole('region', { name: 'Conversation', exact: true }).getByRole('heading', { level: 1 })).toHaveText('Anabel');

  await panel.getByLabel('Email').fill('not an email');
  await panel.getByLabel('Email').press('Enter');
  await expect(panel).toContainText('Enter a valid email address.');
  await panel.getByLabel('Email').fill('anabel@example.com');
  await panel.getByLabel('Email').press('Enter');
  await expect(panel).not.toContainText('Enter a valid email address.');

  await panel.getByLabel('Attribute plan', { exact: true }).fill('gold');
  await panel.getByLabel('Attribute plan', { exact: true }).press('Enter');
  await panel.getByLabel('New attribute name').fill('city');
  await panel.getByLabel('New attribute value').fill('Puebla');
  await panel.getByLabel('New attribute value').press('Enter');
  await expect(panel.getByLabel('Attribute city', { exact: true })).toHaveValue('Puebla');

  await panel.getByLabel('Add a contact tag').fill('vip');
  await panel.getByLabel('Add a contact tag').press('Enter');
  await expect(panel.getByRole('region', { name: 'Contact tags' })).toContainText('vip');
  await panel.getByRole('button', { name: 'Remove tag lead' }).click();
  await expect(panel.getByRole('button', { name: 'Remove tag lead' })).toHaveCount(0);

  await panel.getByLabel('Add a contact note').fill('Prefers mornings');
  await panel.getByLabel('Add a contact note').press('Enter');
  await expect(panel.getByRole('region', { name: 'Contact notes' })).toContainText('Prefers mornings');

  await expect.poll(async () => {
    const c = await (await request.get(`/api/contact/${contactId}`, { headers: account.admin.headers })).json();
    return { first: c.first_name, email: c.email, meta: c.meta, tags: c.tags.map((t: { name: string }) => t.name), notes: c.notes.map((n: { notes: string }) => n.notes) };
  }).toEqual({ first: 'Anabel', email: 'anabel@example.com', meta: { plan: 'gold', city: 'Puebla' }, tags: ['vip'], notes: ['Prefers mornings'] });
  await page.screenshot({ path: test.info().outputPath('contact-panel.png') });

  // Another conversation of the contact is listed with a link to it.
  await request.patch(`/api/inbox/conversation/${conversation}/update`, { headers: account.admin.headers, data: { status: 'CLOSED' } });
  const again = await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone: (await (await request.get(`/api/contact/${contactId}`, { headers: account.admin.headers })).json()).canonical_phone, text: 'Me again' } });
  const next = (await again.json()).conversation as string;
  expect(next).not.toBe(conversation);
  await page.reload();
  const others = page.getByRole('list', { name: 'Contact\'s conversations' });
  await expect(others.getByRole('listitem')).toHaveCount(2);
  await others.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/inbox/${next}$`));
});

test('the contact page sends a template with "Send message"', async ({ page, request }) => {
  const phone = uniquePhone();
  const contact = await (await request.post('/api/contact', { headers: account.admin.headers, data: { phone, first_name: 'Rosa' } })).json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/contacts/${contact.id}`);
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByLabel('Template', { exact: true }).selectOption({ label: 'welcome (en)' });
  await expect(page.getByLabel(/^Variable 1/)).toHaveValue('Rosa');
  await page.getByLabel(/^Variable 2/).fill('Acme');
  await page.getByRole('button', { name: 'Send template' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message queued' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(page).toHaveURL(/\/inbox\/[0-9a-f-]{36}$/);
  await expect.poll(async () => (await phoneMessages(request, phone)).length).toBe(1);
});

test('keyboard: once the open conversation leaves the list, j and k go on from its place, not from the top', async ({ page, request }) => {
  const fresh = await newAccount(request);
  await request.patch('/api/account', { headers: fresh.admin.headers, data: { archive_conversations_when_closed: true } });
  const wrote = async () => (await (await request.post('/api/channels/sandbox/inbound', {
    headers: fresh.admin.headers, data: { phone: uniquePhone(), type: 'text', text: `Hola ${Date.now()}` },
  })).json()).conversation as string;
  const d = await wrote();
  const c = await wrote();
  const b = await wrote();
  const a = await wrote(); // the newest, at the top
  await signIn(page, fresh.admin.email, fresh.password);
  await page.goto(`/inbox/${c}`);
  await expect(page.getByTestId('conversation-row')).toHaveCount(4);
  await expect(page.getByLabel('Reply', { exact: true })).toBeVisible();
  await page.keyboard.press('e'); // resolved, and archived with it: it leaves the list
  await expect(page.getByTestId('conversation-row')).toHaveCount(3);
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`/inbox/${b}$`));
  await expect(page.getByLabel('Reply', { exact: true })).toBeVisible();
  await page.keyboard.press('e');
  await expect(page.getByTestId('conversation-row')).toHaveCount(2);
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`/inbox/${d}$`));
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`/inbox/${a}$`));
  await expect(page.getByLabel('Reply', { exact: true })).toBeVisible();
  await page.keyboard.press('e');
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
  // Nothing came before the top one: k stays put rather than open the row that moved into its place.
  await page.keyboard.press('k');
  await page.waitForTimeout(700);
  await expect(page).toHaveURL(new RegExp(`/inbox/${a}$`));
});

test('a resolved conversation says so in place of the reply box and reopens; one the contact has moved on from says where to answer', async ({ page, request }) => {
  const fresh = await newAccount(request);
  const phone = uniquePhone();
  const write = async (text: string) => (await (await request.post('/api/channels/sandbox/inbound', {
    headers: fresh.admin.headers, data: { phone, type: 'text', text },
  })).json()).conversation as string;
  const resolve = (id: string) => request.patch(`/api/inbox/conversation/${id}/update`, { headers: fresh.admin.headers, data: { status: 'RESOLVED' } });
  const first = await write('Hola');
  await resolve(first);
  await signIn(page, fresh.admin.email, fresh.password);
  await page.goto(`/inbox/${first}`);
  const notice = page.getByTestId('reopen-first');
  await expect(notice).toContainText('Reopen this conversation to reply');
  await expect(page.getByLabel('Reply', { exact: true })).toHaveCount(0);
  // The 24-hour window is open, but a reply waits for the reopening.
  await expect(page.getByTestId('window-info')).toContainText('Once it is reopened, free-form replies are possible until');
  await notice.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByLabel('Reply', { exact: true })).toBeVisible();
  await expect(page.getByTestId('window-info')).toContainText(/^Free-form replies are possible until/);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('IN_PROGRESS');
  // Resolved again, and the contact wrote since: that newer conversation is the open one.
  await resolve(first);
  await write('Otra pregunta');
  await page.reload();
  await notice.getByRole('button', { name: 'Reopen' }).click();
  await expect(notice).toContainText('The contact already has an open conversation.');
  await expect(notice.getByRole('link', { name: 'see the contact\'s conversations' })).toBeVisible();
  // Or straight to the newer one, which this member sees; the message names no API field.
  await expect(notice).not.toContainText('status:');
  await notice.getByRole('link', { name: 'open it' }).click();
  await expect(page.getByTestId('window-info')).toContainText(/^Free-form replies are possible until/);
  await page.goBack();
  // The list shows both until asked for the open ones only.
  await expect(page.getByTestId('conversation-row')).toHaveCount(2);
  await page.getByLabel('Status filter').selectOption('NEW,IN_PROGRESS');
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
});
