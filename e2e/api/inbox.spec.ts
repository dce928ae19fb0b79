import { expect, test, type APIRequestContext } from '@playwright/test';
import { ISO, NOT_FOUND, NOT_PROVIDED, UUID, newAccount, reply, sendWelcome, uniquePhone, type TestAccount } from './factories';
import { Receiver } from './receiver';

// The inbox as integrators and the workspace read it: conversations carry their first and last
// message, unread count and assignees as user objects; the list filters by status, assignee, tag
// and unread; reading and answering; phone_status after delivery; and the message and
// conversation webhook events with their payloads.

let acme: TestAccount;
let other: TestAccount;
let receiver: Receiver;
test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
  other = await newAccount(request);
  receiver = await new Receiver().start();
});
test.afterAll(async () => receiver.stop());

const USER_KEYS = ['account', 'date_joined', 'email', 'first_name', 'id', 'last_name', 'profile_image'];
const SUMMARY_KEYS = ['body', 'direction', 'id', 'msg_type', 'sent_by', 'source', 'status', 'timestamp'];


const get = async (request: APIRequestContext, account: TestAccount, path: string) => {
  const res = await request.get(path, { headers: account.admin.headers });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
};
const ids = (page: { results: { id: string }[] }) => page.results.map((c) => c.id);

test('a conversation carries its first and last message, unread count and assignees as users', async ({ request }) => {
  const sent = await sendWelcome(request, acme);
  const fresh = await get(request, acme, `/api/inbox/conversation/${sent.conversation}`);
  expect(fresh.first_message).toEqual({
    id: sent.id, body: expect.stringContaining('Ana'), direction: 'OUTBOUND', msg_type: 'template', status: expect.any(String), timestamp: expect.stringMatching(ISO),
    // Sent through the API with the admin's key: by the admin.
    source: 'API', sent_by: acme.admin.id,
  });
  expect(fresh.last_message).toEqual(fresh.first_message);
  expect(fresh.unread_count).toBe(0);

  const long = 'x'.repeat(250);
  const inbound = await reply(request, acme, { phone: sent.phone, text: long });
  await reply(request, acme, { phone: sent.phone, text: 'second' });
  const unread = await get(request, acme, `/api/inbox/conversation/${sent.conversation}`);
  expect(unread.unread_count).toBe(2);
  expect(unread.first_message.id).toBe(sent.id);
  expect(unread.last_message).toMatchObject({ body: 'second', direction: 'INBOUND', msg_type: 'text', status: 'received' });
  expect(Object.keys(unread.last_message).sort()).toEqual(SUMMARY_KEYS);
  const listed = await get(request, acme, `/api/inbox/conversation?contact=${unread.contact}`);
  // The template's delivery status moves on meanwhile.
  expect(listed.results[0]).toEqual({ ...unread, first_message: { ...unread.first_message, status: expect.any(String) } });
  // The preview is the first 200 characters.
  const page = await get(request, acme, `/api/inbox/conversation/${sent.conversation}/messages`);
  expect(page.results.find((m: { id: string }) => m.id === inbound.id).body).toBe(long);

  // Read by an agent: nothing unread; the API key's member is the reader.
  const read = await request.post(`/api/inbox/conversation/${sent.conversation}/read`, { headers: acme.agent.headers });
  expect(read.status()).toBe(200);
  expect(await read.json()).toMatchObject({ id: sent.conversation, unread_count: 0 });

  // An agent's reply to an unassigned conversation assigns it to them; assignees are user objects.
  await reply(request, acme, { phone: sent.phone, text: 'third' });
  const answer = await request.post(`/api/inbox/conversation/${sent.conversation}/messages`, { headers: acme.agent.headers, data: { body: 'On it' } });
  expect(answer.status()).toBe(201);
  const answered = await get(request, acme, `/api/inbox/conversation/${sent.conversation}`);
  expect(answered).toMatchObject({ status: 'IN_PROGRESS', unread_count: 0, last_message: { body: 'On it', direction: 'OUTBOUND' } });
  expect(answered.assigned).toEqual([{
    id: acme.agent.id, first_name: 'Alan', last_name: expect.any(String), email: acme.agent.email, profile_image: null,
    account: acme.accountId, date_joined: expect.stringMatching(ISO),
  }]);
  expect(Object.keys(answered.assigned[0]).sort()).toEqual(USER_KEYS);
  // Already assigned: another member's reply leaves it as it is.
  await request.post(`/api/inbox/conversation/${sent.conversation}/messages`, { headers: acme.admin.headers, data: { body: 'Me too' } });
  expect((await get(request, acme, `/api/inbox/conversation/${sent.conversation}`)).assigned.map((u: { id: number }) => u.id)).toEqual([acme.agent.id]);
});

test('an internal note stays in the conversation and never reaches the contact', async ({ request }) => {
  const sent = await sendWelcome(request, acme);
  // The contact never wrote: a reply is refused, a note is not.
  const res = await request.post(`/api/inbox/conversation/${sent.conversation}/messages`, {
    headers: acme.agent.headers, data: { body: 'Called them, will write back', internal: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  const note = await res.json();
  expect(note).toMatchObject({ msg_type: 'note', status: 'new', direction: 'OUTBOUND', body: 'Called them, will write back', sent_by: { id: acme.agent.id }, provider_id: null });
  const conversation = await get(request, acme, `/api/inbox/conversation/${sent.conversation}`);
  expect(conversation).toMatchObject({ status: 'CREATED', assigned: [], last_message: { id: note.id, msg_type: 'note' } });
  // The sandbox phone received the template only, and the note is never queued or sent.
  await new Promise((r) => setTimeout(r, 2_500));
  const phone = await get(request, acme, `/api/channels/sandbox/messages?phone=${encodeURIComponent(sent.phone)}`);
  expect(phone.results.map((m: { id: string }) => m.id)).toEqual([sent.id]);
  const thread = await get(request, acme, `/api/inbox/conversation/${sent.conversation}/messages`);
  expect(thread.results.find((m: { id: string }) => m.id === note.id)).toMatchObject({ status: 'new', queued_on: null, sent_on: null, provider_id: null });
});

test('contacts carry default_assignees as user objects', async ({ request }) => {
  const res = await request.post('/api/contact', { headers: acme.admin.headers, data: { phone: uniquePhone(), default_assignees: [{ id: acme.agent.id }] } });
  expect(res.status()).toBe(201);
  const contact = await res.json();
  expect(contact.default_assignees).toEqual([{
    id: acme.agent.id, first_name: 'Alan', last_name: expect.any(String), email: acme.agent.email, profile_image: null,
    account: acme.accountId, date_joined: expect.stringMatching(ISO),
  }]);
  expect((await get(request, acme, `/api/contact/${contact.id}`)).default_assignees).toEqual(contact.default_assignees);
});

test('the list filters by status, assignee (id, me, none, any), tag and unread', async ({ request }) => {
  const a = await sendWelcome(request, acme);
  const b = await sendWelcome(request, acme);
  const c = await sendWelcome(request, acme);
  await reply(request, acme, { phone: b.phone, text: 'hello' });
  const patch = (id: string, data: object) => request.patch(`/api/inbox/conversation/${id}/update`, { headers: acme.admin.headers, data });
  expect((await patch(a.conversation, { assigned: [{ id: acme.agent.id }], tags: [{ name: 'VIP' }] })).status()).toBe(200);
  expect((await patch(c.conversation, { assigned: [{ id: acme.admin.id }], tags: [{ name: 'billing' }], status: 'RESOLVED' })).status()).toBe(200);
  const mine = [a.conversation, b.conversation, c.conversation];
  const list = async (qs: string, as: TestAccount['agent'] = acme.admin) => {
    const res = await request.get(`/api/inbox/conversation?page_size=500&${qs}`, { headers: as.headers });
    expect(res.status(), await res.text()).toBe(200);
    return ids(await res.json()).filter((id) => mine.includes(id)).sort();
  };
  expect(await list(`assigned=${acme.agent.id}`)).toEqual([a.conversation]);
  expect(await list('assigned=me', acme.agent)).toEqual([a.conversation]);
  expect(await list('assigned=me')).toEqual([c.conversation]);
  expect(await list('assigned=none')).toEqual([b.conversation]);
  expect(await list('assigned=any')).toEqual([a.conversation, c.conversation].sort());
  expect(await list('tag=vip')).toEqual([a.conversation]);
  expect(await list('tag=vip,billing')).toEqual([a.conversation, c.conversation].sort());
  expect(await list('tag=nothing')).toEqual([]);
  expect(await list('unread=true')).toEqual([b.conversation]);
  expect(await list('unread=false')).toEqual([a.conversation, c.conversation].sort());
  expect(await list('status=RESOLVED&tag=billing&assigned=me')).toEqual([c.conversation]);
  expect(await list('status=CREATED,NEW&assigned=none&unread=true')).toEqual([b.conversation]);
  // Newest activity first.
  const ordered = ids(await get(request, acme, '/api/inbox/conversation?ordering=-last_message_on&page_size=500')).filter((id) => mine.includes(id));
  expect(ordered[0]).toBe(b.conversation);

  const bad = await request.get('/api/inbox/conversation?assigned=someone&unread=maybe', { headers: acme.admin.headers });
  expect(bad.status()).toBe(400);
  expect(Object.keys(await bad.json()).sort()).toEqual(['assigned', 'unread']);
  const badOrder = await request.get('/api/inbox/conversation?ordering=priority', { headers: acme.admin.headers });
  expect(await badOrder.json()).toEqual({ ordering: ['Select a valid choice. priority is not one of the available choices.'] });
  // Another account's tag or member matches nothing there.
  const theirs = await request.get(`/api/inbox/conversation?assigned=${acme.agent.id}&tag=vip`, { headers: other.admin.headers });
  expect((await theirs.json()).count).toBe(0);
});

test('search matches message text besides the contact\'s name and phone, in the caller\'s account only', async ({ request }) => {
  const word = `parcel${Date.now().toString(36)}`;
  const match = await sendWelcome(request, acme);
  await reply(request, acme, { phone: match.phone, text: `Where is my ${word.toUpperCase()}?` });
  const unrelated = await sendWelcome(request, acme);
  await reply(request, acme, { phone: unrelated.phone, text: 'Nothing to see here' });
  const elsewhere = await sendWelcome(request, other);
  await reply(request, other, { phone: elsewhere.phone, text: `my ${word} too` });

  const search = (account: TestAccount, term: string, extra = '') =>
    get(request, account, `/api/inbox/conversation?search=${encodeURIComponent(term)}${extra}`);
  expect(ids(await search(acme, word))).toEqual([match.conversation]);
  // Case-insensitive, anywhere in the text, and with the other filters.
  expect(ids(await search(acme, word.slice(3).toUpperCase()))).toEqual([match.conversation]);
  expect(ids(await search(acme, word, '&unread=true&ordering=-last_message_on'))).toEqual([match.conversation]);
  expect(ids(await search(acme, word, '&unread=false'))).toEqual([]);
  // The other account's conversation with the same words is theirs alone.
  expect(ids(await search(other, word))).toEqual([elsewhere.conversation]);
  // Contacts still match by phone; the term's wildcards are literal.
  expect(ids(await search(acme, match.phone.slice(-8)))).toEqual([match.conversation]);
  expect((await search(acme, `${word.slice(0, 4)}%${word.slice(6)}`)).count).toBe(0);
  // Accents aside, either way round: "cafe" finds "Café", "ÑANDÚ" finds "nandu".
  const tag = Date.now().toString(36);
  const accented = await sendWelcome(request, acme);
  await reply(request, acme, { phone: accented.phone, text: `Un Café ${tag} por favor` });
  const plain = await sendWelcome(request, acme);
  await reply(request, acme, { phone: plain.phone, text: `nandu ${tag}` });
  expect(ids(await search(acme, `cafe ${tag}`))).toEqual([accented.conversation]);
  expect(ids(await search(acme, `ÑANDÚ ${tag}`))).toEqual([plain.conversation]);
});

test('phone_status becomes VALID once a message to the number is delivered', async ({ request }) => {
  const sent = await sendWelcome(request, acme);
  const conversation = await get(request, acme, `/api/inbox/conversation/${sent.conversation}`);
  expect((await get(request, acme, `/api/contact/${conversation.contact}`)).phone_status).toBe('UNKNOWN');
  await expect.poll(async () => (await get(request, acme, `/api/contact/${conversation.contact}`)).phone_status, { timeout: 15_000 }).toBe('VALID');
  const [message] = (await get(request, acme, `/api/inbox/conversation/${sent.conversation}/messages`)).results;
  expect(['delivered', 'read']).toContain(message.status);
});

test('message and conversation webhook events, with their payloads', async ({ request }) => {
  const account = await newAccount(request);
  const path = `/inbox-${Date.now()}`;
  const sub = await request.post('/api/webhook-subscription', {
    headers: account.admin.headers,
    data: { events: ['message.received', 'message.status', 'conversation.created', 'conversation.updated'], target: receiver.url(path) },
  });
  expect(sub.status(), await sub.text()).toBe(201);
  const events = () => receiver.at(path).map((r) => JSON.parse(r.body) as { id: string; type: string; created_on: string; data: Record<string, unknown> });

  // A new number writes: the conversation opens, then the message arrives.
  const phone = uniquePhone();
  const inbound = await reply(request, account, { phone, text: 'Is my order here?' });
  await expect.poll(() => events().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  // Events about different resources may arrive in any order (docs/webhooks.md).
  const opened = events().find((e) => e.type === 'conversation.created')!;
  const received = events().find((e) => e.type === 'message.received')!;
  expect(opened).toMatchObject({ id: expect.stringMatching(UUID), type: 'conversation.created', created_on: expect.stringMatching(ISO) });
  expect(opened.data).toEqual(await get(request, account, `/api/inbox/conversation/${inbound.conversation}`));
  expect(opened.data).toMatchObject({ status: 'NEW', first_message: { id: inbound.id, direction: 'INBOUND' } });
  expect(received).toMatchObject({ type: 'message.received', data: inbound });
  expect(receiver.at(path)[0].headers['webhook-signature']).toMatch(/^v1,/);

  // The agent answers: the conversation is updated (IN_PROGRESS, assigned to them), and the
  // message's statuses follow one another.
  const answer = await request.post(`/api/inbox/conversation/${inbound.conversation}/messages`, { headers: account.agent.headers, data: { body: 'Yes!' } });
  const out = await answer.json();
  await expect.poll(() => events().filter((e) => e.type === 'message.status' && e.data.id === out.id).map((e) => e.data.status), { timeout: 20_000 })
    .toEqual(['sent', 'delivered', 'read']);
  const updated = events().find((e) => e.type === 'conversation.updated')!;
  expect(updated.data).toMatchObject({ id: inbound.conversation, status: 'IN_PROGRESS', assigned: [{ id: account.agent.id, email: account.agent.email }] });
  const read = events().filter((e) => e.type === 'message.status' && e.data.id === out.id).at(-1)!;
  expect(read.data).toMatchObject({ id: out.id, direction: 'OUTBOUND', body: 'Yes!', sent_by: { id: account.agent.id }, read_on: expect.stringMatching(ISO) });

  // Tags and status through the API: one conversation.updated each, carrying the change.
  const before = events().length;
  await request.patch(`/api/inbox/conversation/${inbound.conversation}/update`, { headers: account.admin.headers, data: { tags: [{ name: 'order' }], status: 'RESOLVED' } });
  await expect.poll(() => events().length, { timeout: 15_000 }).toBe(before + 1);
  expect(events().at(-1)).toMatchObject({ type: 'conversation.updated', data: { status: 'RESOLVED', tags: [{ name: 'order' }] } });

  // A template to a new number opens a conversation we started (CREATED).
  const sent = await sendWelcome(request, account);
  await expect.poll(() => events().some((e) => e.type === 'conversation.created' && e.data.id === sent.conversation), { timeout: 15_000 }).toBe(true);
  expect(events().find((e) => e.type === 'conversation.created' && e.data.id === sent.conversation)!.data)
    .toMatchObject({ status: 'CREATED', source: 'API', first_message: { id: sent.id, msg_type: 'template' } });
});

test('another account\'s conversation is a 404 for read; no credentials is a 401', async ({ request }) => {
  const sent = await sendWelcome(request, acme);
  const res = await request.post(`/api/inbox/conversation/${sent.conversation}/read`, { headers: other.admin.headers });
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual(NOT_FOUND);
  const anonymous = await request.post(`/api/inbox/conversation/${sent.conversation}/read`);
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual(NOT_PROVIDED);
  const filtered = await request.get('/api/inbox/conversation?unread=true');
  expect(filtered.status()).toBe(401);
});
