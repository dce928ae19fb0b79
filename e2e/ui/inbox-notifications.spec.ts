import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newAccount, uniquePhone, type TestAccount } from '../api/factories';
import { signIn } from './sign-in';

// Desktop notifications: one per new inbound message in a conversation assigned to the signed-in
// agent, only while the tab is hidden and the setting is on; clicking one opens the conversation.
// The browser's Notification is replaced by one that records what was shown, and the tab's
// visibility is set by the test.

type Shown = { title: string; body: string | undefined; tag: string | undefined };
declare global {
  interface Window {
    shownNotifications: (Shown & { onclick: (() => void) | null })[];
    setTabHidden: (hidden: boolean) => void;
  }
}

let account: TestAccount;
test.beforeEach(async ({ request }) => {
  account = await newAccount(request);
});

async function write(request: APIRequestContext, phone: string, text: string, name?: string) {
  const res = await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone, text, name } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).conversation as string;
}

async function assign(request: APIRequestContext, conversation: string, ids: number[]) {
  const res = await request.patch(`/api/inbox/conversation/${conversation}/update`, {
    headers: account.admin.headers, data: { assigned: ids.map((id) => ({ id })) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const shown = (page: Page) => page.evaluate(() => window.shownNotifications.map(({ title, body, tag }) => ({ title, body, tag })));

test('notifies of new messages in my conversations while the tab is hidden, and only then', async ({ page, request }) => {
  test.setTimeout(120_000);
  const minePhone = uniquePhone();
  const mine = await write(request, minePhone, 'Hi, I need help', 'Lucía Pérez');
  const theirsPhone = uniquePhone();
  const theirs = await write(request, theirsPhone, 'Hello there', 'Bruno Díaz');
  const nobodysPhone = uniquePhone();
  const nobodys = await write(request, nobodysPhone, 'Anyone?', 'Carla Ruiz');
  await assign(request, mine, [account.admin.id]);
  await assign(request, theirs, [account.agent.id]);
  await assign(request, nobodys, []);
  const contact = (await (await request.get(`/api/inbox/conversation/${mine}`, { headers: account.admin.headers })).json()).contact_summary;
  const title = `${contact.first_name ?? ''} ${contact.last_name ?? ''}`.trim();
  expect(title).toBe('Lucía Pérez');

  await page.addInitScript(() => {
    const list: Window['shownNotifications'] = [];
    class RecordedNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      title: string;
      body: string | undefined;
      tag: string | undefined;
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions = {}) {
        this.title = title;
        this.body = options.body;
        this.tag = options.tag;
        list.push(this);
      }
      close() {}
    }
    let hidden = false;
    Object.defineProperty(window, 'Notification', { configurable: true, writable: true, value: RecordedNotification });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    window.shownNotifications = list;
    window.setTabHidden = (h) => { hidden = h; };
  });
  await signIn(page, account.admin.email, account.password);
  await page.goto('/inbox?view=all');
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
  const toggle = page.getByLabel('Desktop notifications');
  await expect(toggle).not.toBeChecked();
  const rowOf = (id: string) => page.locator(`[data-testid="conversation-row"][data-id="${id}"]`);
  const turnOn = async () => {
    // What my conversations hold when the setting is turned on is what was there already.
    const read = page.waitForResponse((r) => r.url().includes('/api/inbox/conversation?assigned=me') && r.ok());
    await toggle.check();
    await read;
  };
  await turnOn();
  await page.evaluate(() => window.setTabHidden(true));

  // Someone else's and nobody's conversations first: only mine notifies.
  await write(request, theirsPhone, 'Is anyone reading this?');
  await write(request, nobodysPhone, 'Hello again');
  const first = `Where is my parcel? ${Date.now()}`;
  await write(request, minePhone, first);
  const expected = [{ title, body: first, tag: mine }];
  await expect.poll(() => shown(page)).toEqual(expected);
  await expect(rowOf(nobodys)).toContainText('Hello again');
  await expect(rowOf(theirs)).toContainText('Is anyone reading this?');

  // Clicking it opens the conversation.
  await page.evaluate(() => window.shownNotifications[0].onclick?.());
  await expect(page).toHaveURL(new RegExp(`/inbox/${mine}$`));
  const thread = page.getByRole('list', { name: 'Messages', exact: true });
  await expect(thread).toContainText(first);

  // The tab in front: no notification (the next one, hidden again, shows nothing in between).
  await page.evaluate(() => window.setTabHidden(false));
  const seen = `I can see you ${Date.now()}`;
  await write(request, minePhone, seen);
  await expect(thread).toContainText(seen);
  await expect(rowOf(mine)).toContainText(seen);
  await page.evaluate(() => window.setTabHidden(true));
  const second = `Still waiting ${Date.now()}`;
  await write(request, minePhone, second);
  expected.push({ title, body: second, tag: mine });
  await expect.poll(() => shown(page)).toEqual(expected);

  // Turned off: nothing, neither then nor once turned on again.
  await toggle.uncheck();
  const whileOff = `Hello?? ${Date.now()}`;
  await write(request, minePhone, whileOff);
  await expect(thread).toContainText(whileOff);
  await expect(rowOf(mine)).toContainText(whileOff);
  await turnOn();
  const third = `Back again ${Date.now()}`;
  await write(request, minePhone, third);
  expected.push({ title, body: third, tag: mine });
  await expect.poll(() => shown(page)).toEqual(expected);
  await expect(toggle).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('inbox.desktop-notifications'))).toBe('on');
});
