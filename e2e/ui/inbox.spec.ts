import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newAccount, uniquePhone, type TestAccount } from '../api/factories';
import { signIn } from './sign-in';

// The inbox workspace with two agents in two browsers: what one does, or a contact writes, shows
// in the other's page within a second, without reload; a save sends only what changed; notes
// never reach the contact; outside the 24-hour window the text box is a template picker.

let account: TestAccount;
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
});

async function agentPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

async function sendWelcome(request: APIRequestContext, phone: string) {
  const list = await (await request.get('/api/channels/chat/template?search=welcome', { headers: account.admin.headers })).json();
  const res = await request.post(`/api/channels/chat/template/${list.results[0].id}/send`, {
    headers: account.admin.headers, data: { phone, variables: ['Ana', 'Acme'] },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; conversation: string };
}

const contactWrites = (request: APIRequestContext, phone: string, text: string) =>
  request.post('/api/channels/sandbox/inbound', { headers: account.agent.headers, data: { phone, text } });

test('two agents: live messages, assignment to Mine, ticks, status kept, notes, template picker', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // A number typed without its country code, shown formatted from the canonical one.
  const phone = uniquePhone();
  const sent = await sendWelcome(request, phone.replace('+52', ''));
  const formatted = `+52 ${phone.slice(3, 5)} ${phone.slice(5, 9)} ${phone.slice(9)}`;

  const a = await agentPage(browser, account.admin.email, account.password);
  const b = await agentPage(browser, account.agent.email, account.password);
  await a.goto(`/inbox/${sent.conversation}`);
  await expect(a.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
  const header = a.getByRole('region', { name: 'Conversation', exact: true });
  await expect(header.getByRole('heading', { level: 1 })).toHaveText(formatted);

  // The contact never wrote: no text box, a template picker with a preview instead.
  await expect(a.getByTestId('window-info')).toContainText('has not written yet');
  await expect(a.getByLabel('Reply', { exact: true })).toHaveCount(0);
  await a.getByLabel('Template', { exact: true }).selectOption({ label: 'welcome (en)' });
  await expect(a.getByLabel(/^Variable 1/)).toBeVisible();
  await a.getByLabel(/^Variable 2/).fill('Acme Corp');
  await expect(a.getByTestId('composer-template-preview')).toContainText('welcome to Acme Corp');

  // B watches Mine: empty for now.
  await b.goto('/inbox?view=mine');
  await expect(b.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
  await expect(b.getByText('No conversations here')).toBeVisible();

  // The contact writes: both pages show it without reload, within a second.
  const text = `Where is my order? ${Date.now()}`;
  expect((await contactWrites(request, phone, text)).status()).toBe(201);
  const at = Date.now();
  const thread = a.getByRole('list', { name: 'Messages' });
  await expect(thread.getByTestId('message').filter({ hasText: text })).toHaveAttribute('data-direction', 'INBOUND', { timeout: 2_000 });
  expect(Date.now() - at).toBeLessThan(1_500);
  // Said to a screen reader too (a polite live region).
  await expect(a.getByTestId('thread-announcer')).toHaveText(`The contact: ${text}`);
  await expect(a.getByLabel('Reply', { exact: true })).toBeVisible();

  // A assigns the conversation to B: B's Mine view shows it, with the message preview.
  await a.getByLabel('Assign to').selectOption(String(account.agent.id));
  await expect(a.getByRole('list', { name: 'Assignees' })).toContainText('Alan');
  const row = b.getByTestId('conversation-row').filter({ hasText: formatted });
  await expect(row).toBeVisible({ timeout: 5_000 });
  await expect(row.getByTestId('conversation-preview')).toContainText(text);

  // A replies; the ticks move to read on A's page.
  const answer = `On its way ${Date.now()}`;
  await a.getByLabel('Reply', { exact: true }).fill(answer);
  await a.getByRole('button', { name: 'Send reply' }).click();
  const outbound = thread.getByTestId('message').filter({ hasText: answer });
  await expect(outbound.getByTestId('message-status')).toHaveAttribute('data-status', 'read', { timeout: 15_000 });
  await expect(row.getByTestId('conversation-preview')).toContainText(answer);

  // A resolves; B, with the conversation open, adds a tag: the status A set stays.
  await row.click();
  await expect(b).toHaveURL(new RegExp(`/inbox/${sent.conversation}\\?view=mine$`));
  await a.getByLabel('Status', { exact: true }).selectOption('RESOLVED');
  await expect(b.getByLabel('Status', { exact: true })).toHaveValue('RESOLVED', { timeout: 5_000 });
  await b.getByLabel('Add tag').fill('shipping');
  await b.getByLabel('Add tag').press('Enter');
  await expect(a.getByRole('list', { name: 'Conversation tags' })).toContainText('shipping', { timeout: 15_000 });
  const saved = await (await request.get(`/api/inbox/conversation/${sent.conversation}`, { headers: account.admin.headers })).json();
  expect(saved.status).toBe('RESOLVED');
  expect(saved.tags.map((t: { name: string }) => t.name)).toEqual(['shipping']);

  // A note shows in both threads as a note, and never reaches the phone.
  const note = `Customer called too ${Date.now()}`;
  await a.getByRole('button', { name: 'Internal note', exact: true }).click();
  await a.getByLabel('Note', { exact: true }).fill(note);
  await a.getByRole('button', { name: 'Add note' }).click();
  await expect(b.getByRole('list', { name: 'Messages' }).getByTestId('message').filter({ hasText: note })).toHaveAttribute('data-type', 'note', { timeout: 5_000 });
  const onPhone = await (await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, { headers: account.admin.headers })).json();
  expect(onPhone.results.map((m: { body: string }) => m.body)).not.toContain(note);
  expect(onPhone.results.map((m: { body: string }) => m.body)).toContain(answer);

  await a.screenshot({ path: test.info().outputPath('inbox-agent-a.png') });
  await b.setViewportSize({ width: 390, height: 800 });
  await b.screenshot({ path: test.info().outputPath('inbox-agent-b-phone.png') });
  await a.context().close();
  await b.context().close();
});

test('the contact page lists the contact\'s conversations, and the nav counts unread ones', async ({ page, request }) => {
  const phone = uniquePhone();
  const sent = await sendWelcome(request, phone);
  await signIn(page, account.admin.email, account.password);
  const conversation = await (await request.get(`/api/inbox/conversation/${sent.conversation}`, { headers: account.admin.headers })).json();
  await page.goto(`/contacts/${conversation.contact}`);
  await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('listitem')).toHaveCount(1);
  expect((await contactWrites(request, phone, 'hello?')).status()).toBe(201);
  await expect(page.getByTestId('nav-unread')).toHaveText('1', { timeout: 35_000 });
  await page.getByRole('list', { name: 'Conversations' }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/inbox/${sent.conversation}$`));
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('hello?');
  // Opened means read.
  await expect(page.getByTestId('nav-unread')).toHaveCount(0, { timeout: 5_000 });
});

test('an agent who sees only their own conversations is told so on a contact page, not that there are none', async ({ browser, page, request }) => {
  const patched = await request.patch('/api/account', { headers: account.admin.headers, data: { agents_can_see_all_conversations: false } });
  expect(patched.status()).toBe(200);
  // The contact writes: a NEW conversation nobody is assigned to, which the agent does not see.
  const phone = uniquePhone();
  const wrote = await contactWrites(request, phone, 'Hola');
  expect(wrote.status()).toBe(201);
  const conversation = await (await request.get(`/api/inbox/conversation/${(await wrote.json()).conversation}`, { headers: account.admin.headers })).json();
  const agent = await agentPage(browser, account.agent.email, account.password);
  await agent.goto(`/contacts/${conversation.contact}`);
  await expect(agent.getByText('No conversations you can see')).toBeVisible();
  await expect(agent.getByText('No conversations yet')).toHaveCount(0);
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/contacts/${conversation.contact}`);
  await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('listitem')).toHaveCount(1);
});

test('a shared location shows its name once, its address and a map link', async ({ page, request }) => {
  const phone = uniquePhone();
  const sent = await sendWelcome(request, phone);
  const res = await request.post('/api/channels/sandbox/inbound', {
    headers: account.agent.headers,
    data: { phone, type: 'location', location: { latitude: 19.4326, longitude: -99.1332, name: 'Zócalo', address: 'Plaza de la Constitución, CDMX' } },
  });
  expect(res.status(), await res.text()).toBe(201);
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/inbox/${sent.conversation}`);
  const thread = page.getByRole('list', { name: 'Messages', exact: true });
  await expect(thread).toContainText('Plaza de la Constitución, CDMX');
  await expect(thread.getByText('Zócalo')).toHaveCount(1);
  const map = thread.getByRole('link', { name: /Open in a map \(19\.4326, -99\.1332\)/ });
  await expect(map).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=19.4326&mlon=-99.1332#map=17/19.4326/-99.1332');
});

test('a contact edited elsewhere shows its new details in an open conversation without a reload', async ({ page, request }) => {
  const phone = uniquePhone();
  const sent = await sendWelcome(request, phone);
  const conversation = await (await request.get(`/api/inbox/conversation/${sent.conversation}`, { headers: account.admin.headers })).json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/inbox/${sent.conversation}`);
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
  const res = await request.patch(`/api/contact/${conversation.contact}`, {
    headers: account.agent.headers, data: { first_name: 'Lucía', tags: [{ name: 'vip' }] },
  });
  expect(res.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: /Lucía/ })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByLabel('First name')).toHaveValue('Lucía');
});

test('the status from the keyboard: arrowing through the options saves only the one chosen, and the focus stays', async ({ page, request }) => {
  const phone = uniquePhone();
  const sent = await sendWelcome(request, phone);
  expect((await contactWrites(request, phone, 'hi')).status()).toBe(201);
  const statusNow = async () => (await (await request.get(`/api/inbox/conversation/${sent.conversation}`, { headers: account.admin.headers })).json()).status;
  expect(await statusNow()).toBe('NEW');
  await request.patch(`/api/inbox/conversation/${sent.conversation}/update`, { headers: account.admin.headers, data: { add_tags: [{ name: 'vip' }] } });
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/inbox/${sent.conversation}`);
  // The list's row shows the conversation's tags.
  await expect(page.locator(`[data-testid="conversation-row"][data-id="${sent.conversation}"]`).getByTestId('conversation-tags')).toHaveText('vip');
  const status = page.getByLabel('Status', { exact: true });
  await expect(status).toHaveValue('NEW');
  await status.focus();
  await page.keyboard.press('ArrowDown'); // In progress
  await page.keyboard.press('ArrowDown'); // Resolved
  await expect(status).toHaveValue('RESOLVED');
  // Nothing saved on the way.
  await page.waitForTimeout(300);
  expect(await statusNow()).toBe('NEW');
  await page.keyboard.press('Enter');
  await expect.poll(statusNow).toBe('RESOLVED');
  await expect(status).toBeFocused();
  // Escape puts back the saved value.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Escape');
  await expect(status).toHaveValue('RESOLVED');
});

test('a team\'s queue: the conversation names its team, and the list filters by team', async ({ page, request }) => {
  const team = await (await request.post('/api/team', {
    headers: account.admin.headers, data: { name: 'Front desk', assignment_strategy: 'MANUAL', members: [{ id: account.agent.id }] },
  })).json();
  const noTeamPhone = uniquePhone();
  expect((await contactWrites(request, noTeamPhone, 'before the team')).status()).toBe(201);
  await request.patch('/api/account', { headers: account.admin.headers, data: { default_team: team.id } });
  const phone = uniquePhone();
  expect((await contactWrites(request, phone, 'to the desk')).status()).toBe(201);
  await signIn(page, account.admin.email, account.password);
  await page.goto('/inbox');
  const rows = page.getByTestId('conversation-row');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Team filter').selectOption({ label: 'Front desk' });
  await expect(page).toHaveURL(new RegExp(`team=${team.id}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('conversation-assignee')).toContainText('Front desk');
  await rows.first().click();
  await expect(page.getByTestId('conversation-team')).toHaveText('In the queue of the team Front desk.');
  await page.getByLabel('Team filter').selectOption({ label: 'No team' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('before the team');
});

test('from the panel: a conversation moved to a team goes to its member; a refused tag keeps its text and is named plainly; a dropped email takes its error; a template inside the window', async ({ page, request }) => {
  const team = await (await request.post('/api/team', {
    headers: account.admin.headers, data: { name: 'Billing', assignment_strategy: 'ROUND_ROBIN', members: [{ id: account.agent.id }] },
  })).json();
  const phone = uniquePhone();
  const wrote = await contactWrites(request, phone, 'Where is my invoice?');
  expect(wrote.status()).toBe(201);
  const { conversation } = await wrote.json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/inbox/${conversation}`);
  await expect(page.getByTestId('conversation-team')).toHaveCount(0);
  await page.getByLabel('Team', { exact: true }).selectOption({ label: 'Billing' });
  await expect(page.getByTestId('conversation-team')).toHaveText('In the queue of the team Billing.');
  await expect(page.getByRole('list', { name: 'Assignees' })).toContainText('Alan');
  const saved = await (await request.get(`/api/inbox/conversation/${conversation}`, { headers: account.admin.headers })).json();
  expect(saved).toMatchObject({ team: { id: team.id }, assigned: [{ id: account.agent.id }] });

  const long = 'x'.repeat(120);
  await page.getByLabel('Add tag').fill(long);
  await page.getByLabel('Add tag').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Tag: Ensure this field has no more than 100 characters.' })).toBeVisible();
  await expect(page.getByLabel('Add tag')).toHaveValue(long);
  await page.getByLabel('Add tag').fill('billing');
  await page.getByLabel('Add tag').press('Enter');
  await expect(page.getByRole('list', { name: 'Conversation tags' })).toContainText('billing');
  await expect(page.getByLabel('Add tag')).toHaveValue('');

  const email = page.getByLabel('Email', { exact: true });
  await email.fill('pepe@example');
  await email.press('Enter');
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await email.focus();
  await email.press('Escape');
  await expect(page.getByText('Enter a valid email address.')).toHaveCount(0);
  await expect(email).toHaveValue('');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');

  // Inside the 24-hour window a template is one click away, and the reply box one click back.
  await expect(page.getByLabel('Reply', { exact: true })).toBeVisible();
  await page.getByRole('group', { name: 'Compose as' }).getByRole('button', { name: 'Template', exact: true }).click();
  await page.getByLabel('Template', { exact: true }).selectOption({ label: 'welcome (en)' });
  await expect(page.getByLabel(/^Variable 1/)).toBeVisible();
  await page.getByRole('group', { name: 'Compose as' }).getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByLabel('Reply', { exact: true })).toBeVisible();
});

test('a message shows its chat formatting and links; an empty list says which filters hide everything, and clears them', async ({ page, request }) => {
  const phone = uniquePhone();
  const wrote = await contactWrites(request, phone, 'It is *urgent*: see https://example.com/order?id=7. Thanks_a_lot');
  const { conversation } = await wrote.json();
  await signIn(page, account.admin.email, account.password);
  await page.goto(`/inbox/${conversation}`);
  const body = page.getByRole('list', { name: 'Messages' }).getByTestId('message-body').first();
  await expect(body).toHaveText('It is urgent: see https://example.com/order?id=7. Thanks_a_lot');
  await expect(body.locator('strong')).toHaveText('urgent');
  const link = body.getByRole('link', { name: 'https://example.com/order?id=7' });
  await expect(link).toHaveAttribute('href', 'https://example.com/order?id=7');
  await expect(link).toHaveAttribute('target', '_blank');

  await page.goto('/inbox?status=CLOSED&tag=nothing-tagged');
  await expect(page.getByText('No conversations here')).toBeVisible();
  await expect(page.getByTestId('empty-filters')).toHaveText('None with status Closed, tag “nothing-tagged”.');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
});
