import { expect, test } from '@playwright/test';
import { NOT_PROVIDED, memberWithKey, newAccount, uniquePhone, type TestAccount } from './factories';

// GET /api/inbox/events: the account's inbox changes as server-sent events, whichever process
// made them (the sandbox's delivery ticks come from the job workers), and only the account's own.

let acme: TestAccount;
let other: TestAccount;
test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
  other = await newAccount(request);
});

type Sse = { event: string; data: unknown; at: number };

/** Opens the stream and collects its events until `close`. */
async function openStream(baseURL: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${baseURL}/api/inbox/events`, { headers, signal: controller.signal });
  const events: Sse[] = [];
  const reading = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ? JSON.parse(data) : null, at: Date.now() });
        }
      }
    } catch { /* aborted */ }
  })();
  return { res, events, reading, close: async () => { controller.abort(); await reading; } };
}

const changed = (events: Sse[], id: string) => events.filter((e) => e.event === 'change'
  && ((e.data as { conversations: string[] | null }).conversations ?? []).includes(id));

test('a reply, a status tick and an update reach the open stream of the account, and only it', async ({ request, baseURL }) => {
  const mine = await openStream(baseURL!, acme.agent.headers);
  const theirs = await openStream(baseURL!, other.agent.headers);
  try {
    expect(mine.res.status).toBe(200);
    expect(mine.res.headers.get('content-type')).toContain('text/event-stream');
    await expect.poll(() => mine.events[0]?.event).toBe('ready');
    expect(mine.events[0].data).toEqual({ listening: true });

    const phone = uniquePhone();
    const sentAt = Date.now();
    const res = await request.post('/api/channels/sandbox/inbound', { headers: acme.agent.headers, data: { phone, text: 'Anyone there?' } });
    const inbound = await res.json();
    await expect.poll(() => changed(mine.events, inbound.conversation).length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(changed(mine.events, inbound.conversation)[0].at - sentAt).toBeLessThan(1_000);

    // The agent's reply, then its delivery ticks (applied by the job workers).
    const before = changed(mine.events, inbound.conversation).length;
    await request.post(`/api/inbox/conversation/${inbound.conversation}/messages`, { headers: acme.agent.headers, data: { body: 'Yes' } });
    await expect.poll(() => changed(mine.events, inbound.conversation).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 3);

    const beforeTags = changed(mine.events, inbound.conversation).length;
    await request.patch(`/api/inbox/conversation/${inbound.conversation}/update`, { headers: acme.admin.headers, data: { tags: [{ name: 'live' }] } });
    await expect.poll(() => changed(mine.events, inbound.conversation).length, { timeout: 5_000 }).toBeGreaterThan(beforeTags);

    expect(changed(theirs.events, inbound.conversation)).toEqual([]);
    expect(theirs.events.map((e) => e.event)).toEqual(['ready']);
  } finally {
    await mine.close();
    await theirs.close();
  }
});

const contactChanges = (events: Sse[], contact: string) => events.filter((e) => e.event === 'change'
  && ((e.data as { contacts?: string[] }).contacts ?? []).includes(contact));

test('an edit of a contact in a conversation (fields, tags, notes) names the contact and its conversation', async ({ request, baseURL }) => {
  const headers = acme.agent.headers;
  const res = await request.post('/api/channels/sandbox/inbound', { headers, data: { phone: uniquePhone(), text: 'Hi' } });
  const inbound = await res.json();
  const contact = (await (await request.get(`/api/inbox/conversation/${inbound.conversation}`, { headers })).json()).contact as string;
  const lonely = await (await request.post('/api/contact', { headers, data: { phone: uniquePhone(), first_name: 'Nobody' } })).json();
  const mine = await openStream(baseURL!, headers);
  const theirs = await openStream(baseURL!, other.agent.headers);
  try {
    await expect.poll(() => mine.events[0]?.event).toBe('ready');
    // A contact without a conversation is nothing to the inbox.
    expect((await request.patch(`/api/contact/${lonely.id}`, { headers, data: { first_name: 'Still nobody' } })).status()).toBe(200);
    for (const [i, change] of [{ first_name: 'Renamed' }, { tags: [{ name: 'vip' }] }, { notes: 'Prefers mornings' }, { meta: { plan: 'gold' } }].entries()) {
      expect((await request.patch(`/api/contact/${contact}`, { headers, data: change })).status()).toBe(200);
      await expect.poll(() => contactChanges(mine.events, contact).length, { timeout: 5_000 }).toBeGreaterThan(i);
    }
    const first = contactChanges(mine.events, contact)[0].data as { conversations: string[]; contacts: string[] };
    expect(first).toEqual({ conversations: [inbound.conversation], contacts: [contact] });
    expect(contactChanges(mine.events, lonely.id)).toEqual([]);
    // An update that changes nothing the inbox shows announces nothing: the two updates give one
    // announcement of the contact. (Other changes of the account, such as a previous test's
    // delivery ticks arriving late, are not counted.)
    expect((await request.patch(`/api/contact/${contact}`, { headers, data: { first_name: 'Renamed' } })).status()).toBe(200);
    expect((await request.patch(`/api/contact/${contact}`, { headers, data: { last_name: 'Done' } })).status()).toBe(200);
    await expect.poll(() => contactChanges(mine.events, contact).length, { timeout: 5_000 }).toBe(5);
    await new Promise((r) => setTimeout(r, 500));
    expect(contactChanges(mine.events, contact)).toHaveLength(5);
    expect(theirs.events.map((e) => e.event)).toEqual(['ready']);
  } finally {
    await mine.close();
    await theirs.close();
  }
});

test('no credentials is a 401', async ({ request }) => {
  const res = await request.get('/api/inbox/events');
  expect(res.status()).toBe(401);
  expect(await res.json()).toEqual(NOT_PROVIDED);
});

test('the stream of a member who is deactivated ends within a keep-alive, as their next request would be refused', async ({ request, baseURL }) => {
  test.setTimeout(60_000);
  const fresh = await newAccount(request);
  const leaver = await memberWithKey(request, fresh);
  const stream = await openStream(baseURL!, leaver.headers);
  expect(stream.res.status).toBe(200);
  await expect.poll(() => stream.events.some((e) => e.event === 'ready')).toBe(true);
  await request.patch(`/api/account-member/${leaver.id}`, { headers: fresh.admin.headers, data: { is_active: false } });
  const ended = await Promise.race([stream.reading.then(() => true), new Promise((r) => setTimeout(() => r(false), 25_000))]);
  expect(ended, 'the server closed the stream').toBe(true);
  await stream.close();
});

test("an agent who sees only their own conversations is told only of those", async ({ request, baseURL }) => {
  const account = await newAccount(request);
  await request.patch('/api/account', { headers: account.admin.headers, data: { agents_can_see_all_conversations: false } });
  const stream = await openStream(baseURL!, account.agent.headers);
  const admins = await openStream(baseURL!, account.admin.headers);
  try {
    await expect.poll(() => stream.events[0]?.event).toBe('ready');
    await expect.poll(() => admins.events[0]?.event).toBe('ready');
    const write = async (text: string) => (await (await request.post('/api/channels/sandbox/inbound', {
      headers: account.admin.headers, data: { phone: uniquePhone(), text },
    })).json()).conversation as string;
    const hidden = await write('Private, for the admins');
    const theirs = await write('For the agent');
    const assigned = await request.patch(`/api/inbox/conversation/${theirs}/update`, { headers: account.admin.headers, data: { add_assigned: [{ id: account.agent.id }] } });
    expect(assigned.status()).toBe(200);
    await expect.poll(() => changed(stream.events, theirs).length, { timeout: 5_000 }).toBeGreaterThan(0);
    await expect.poll(() => changed(admins.events, hidden).length, { timeout: 5_000 }).toBeGreaterThan(0);
    // The admin's stream was told of the hidden one; the agent's, told of a later change, was not.
    expect(changed(stream.events, hidden)).toHaveLength(0);
    expect((await request.get(`/api/inbox/conversation/${hidden}`, { headers: account.agent.headers })).status()).toBe(404);
  } finally {
    await stream.close();
    await admins.close();
  }
});
