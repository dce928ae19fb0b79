import { expect, test } from '@playwright/test';
import { ISO, NOT_FOUND, NOT_PROVIDED, UUID, memberWithKey, newAccount, reply, sendWelcome, uniquePhone, type TestAccount } from './factories';

// Conversation list, get and updates, a conversation's messages, the free-form send and its
// 24-hour window, and the sandbox phone (replies enter through the inbound path).

let acme: TestAccount;
let other: TestAccount;
test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
  other = await newAccount(request);
});

const CONVERSATION_KEYS = [
  'archived_on', 'assigned', 'channel', 'contact', 'contact_summary', 'created_on', 'first_message', 'free_form_until', 'id', 'last_message', 'last_message_on', 'source', 'status', 'tags', 'team', 'unread_count',
];
const MESSAGE_KEYS = [
  'accepted_on', 'body', 'chat_template', 'contact', 'contacts', 'content', 'content_type', 'conversation', 'delivered_on', 'direction',
  'failed_attempts', 'failed_on', 'from_number', 'id', 'is_deleted', 'location', 'msg_type', 'provider_error_code',
  'provider_error_message', 'provider_id', 'queued_on', 'read_on', 'sent_by', 'sent_on', 'source', 'status', 'timestamp', 'to_number',
];


test('list, filter by contact and search, get', async ({ request }) => {
  const sent = await sendWelcome(request, acme);
  const conversation = await (await request.get(`/api/inbox/conversation/${sent.conversation}`, { headers: acme.agent.headers })).json();
  expect(Object.keys(conversation).sort()).toEqual(CONVERSATION_KEYS);
  expect(conversation).toEqual({
    id: sent.conversation, contact: expect.stringMatching(UUID), channel: expect.any(Number), status: 'CREATED', assigned: [], tags: [], team: null, created_on: expect.stringMatching(ISO),
    source: 'API', last_message_on: expect.stringMatching(ISO), free_form_until: null, unread_count: 0, archived_on: null,
    contact_summary: { id: expect.stringMatching(UUID), first_name: null, last_name: null, phone: sent.phone, canonical_phone: sent.phone, is_deleted: false },
    first_message: expect.objectContaining({ id: sent.id }), last_message: expect.objectContaining({ id: sent.id }),
  });
  const byContact = await (await request.get(`/api/inbox/conversation?contact=${conversation.contact}`, { headers: acme.admin.headers })).json();
  // The send's status moves on meanwhile (queued, accepted, sent…).
  const moving = { status: expect.any(String) };
  expect(byContact).toEqual({ count: 1, next: null, previous: null, results: [{
    ...conversation, first_message: { ...conversation.first_message, ...moving }, last_message: { ...conversation.last_message, ...moving },
  }] });
  const bySearch = await (await request.get(`/api/inbox/conversation?search=${sent.phone.slice(-8)}`, { headers: acme.admin.headers })).json();
  expect(bySearch.results.map((c: { id: string }) => c.id)).toEqual([sent.conversation]);
  const byStatus = await (await request.get('/api/inbox/conversation?status=NEW,IN_PROGRESS', { headers: acme.admin.headers })).json();
  expect(byStatus.results.map((c: { id: string }) => c.id)).not.toContain(sent.conversation);
  const bad = await request.get('/api/inbox/conversation?contact=nope&status=OPEN', { headers: acme.admin.headers });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ contact: ['Must be a valid UUID.'], status: ['Select a valid choice. OPEN is not one of the available choices.'] });
});

test('update (PUT) and partial update (PATCH): status, assignees and tags', async ({ request }) => {
  const sent = await sendWelcome(request, acme);
  const current = await (await request.get(`/api/inbox/conversation/${sent.conversation}`, { headers: acme.admin.headers })).json();
  const missing = await request.put(`/api/inbox/conversation/${sent.conversation}/update`, { headers: acme.admin.headers, data: {} });
  expect(missing.status()).toBe(400);
  expect(await missing.json()).toEqual({ id: ['This field is required.'], contact: ['This field is required.'], assigned: ['This field is required.'] });
  const invalid = await request.put(`/api/inbox/conversation/${sent.conversation}/update`, {
    headers: acme.admin.headers, data: { id: sent.conversation, contact: 'x', assigned: 'me', status: 'OPEN', tags: [{ name: '' }] },
  });
  expect(await invalid.json()).toEqual({
    contact: ['Must be a valid UUID.'], assigned: ['Expected a list of items but got type "str".'], status: ['"OPEN" is not a valid choice.'],
    tags: [{ name: ['This field may not be blank.'] }],
  });
  const put = await request.put(`/api/inbox/conversation/${sent.conversation}/update/`, {
    headers: acme.admin.headers,
    data: { id: sent.conversation, contact: current.contact, assigned: [{ id: acme.agent.id, groups: [{ name: 'Support' }] }], status: 'IN_PROGRESS', tags: [{ name: 'vip' }, { name: 'billing' }] },
  });
  expect(put.status(), await put.text()).toBe(200);
  const updated = await put.json();
  expect(updated).toMatchObject({
    id: sent.conversation, status: 'IN_PROGRESS',
    assigned: [{ id: acme.agent.id, first_name: 'Alan', last_name: expect.any(String), email: acme.agent.email }],
  });
  expect(updated.tags.map((t: { name: string }) => t.name)).toEqual(['billing', 'vip']);
  expect(updated.tags[0]).toEqual({ id: expect.any(Number), name: 'billing' });
  const patch = await request.patch(`/api/inbox/conversation/${sent.conversation}/update`, { headers: acme.agent.headers, data: { status: 'RESOLVED' } });
  expect(await patch.json()).toMatchObject({ status: 'RESOLVED', assigned: [{ id: acme.agent.id }], tags: [{ name: 'billing' }, { name: 'vip' }] });
  const reassign = await request.patch(`/api/inbox/conversation/${sent.conversation}/update`, {
    headers: acme.admin.headers, data: { assigned: [{ id: acme.admin.id }], tags: [] },
  });
  expect(await reassign.json()).toMatchObject({ assigned: [{ id: acme.admin.id }], tags: [] });
  const foreign = await request.patch(`/api/inbox/conversation/${sent.conversation}/update`, { headers: acme.admin.headers, data: { assigned: [{ id: other.admin.id }] } });
  expect(foreign.status()).toBe(400);
  expect(await foreign.json()).toEqual({ assigned: [`Invalid pk "${other.admin.id}" - object does not exist.`] });
  const otherContact = await (await request.post('/api/contact', { headers: acme.admin.headers, data: { phone: uniquePhone() } })).json();
  const moved = await request.patch(`/api/inbox/conversation/${sent.conversation}/update`, { headers: acme.admin.headers, data: { contact: otherContact.id } });
  expect(await moved.json()).toEqual({ contact: ['A conversation\'s contact cannot be changed.'] });
  // Resolved: a new send opens a new conversation; the old one cannot be reopened beside it.
  const next = await sendWelcome(request, acme, sent.phone);
  expect(next.conversation).not.toBe(sent.conversation);
  const reopen = await request.patch(`/api/inbox/conversation/${sent.conversation}/update`, { headers: acme.admin.headers, data: { status: 'NEW' } });
  expect(await reopen.json()).toEqual({ status: ['The contact already has an open conversation.'] });
  // FLOW is a flow's to set: by hand, nothing would ever release the conversation.
  const toFlow = await request.patch(`/api/inbox/conversation/${next.conversation}/update`, { headers: acme.admin.headers, data: { status: 'FLOW' } });
  expect(toFlow.status()).toBe(400);
  expect(await toFlow.json()).toEqual({ status: ['FLOW is set by a flow while it holds the conversation: start a flow for the contact instead.'] });
});

test('assignees and tags added and taken off by two people at once both stay; a deactivated member is not newly assigned', async ({ request }) => {
  const sent = await sendWelcome(request, acme);
  const url = `/api/inbox/conversation/${sent.conversation}/update`;
  await request.patch(url, { headers: acme.admin.headers, data: { tags: [{ name: 'keep' }, { name: 'drop' }] } });
  // Both made from the same stale view, at the same moment: neither undoes the other.
  const [a, b] = await Promise.all([
    request.patch(url, { headers: acme.admin.headers, data: { add_assigned: [{ id: acme.admin.id }], add_tags: [{ name: 'refund' }] } }),
    request.patch(url, { headers: acme.agent.headers, data: { add_assigned: [acme.agent.id], add_tags: ['urgent'], remove_tags: ['DROP'] } }),
  ]);
  expect([a.status(), b.status()]).toEqual([200, 200]);
  const both = await (await request.get(`/api/inbox/conversation/${sent.conversation}`, { headers: acme.admin.headers })).json();
  expect(both.assigned.map((u: { id: number }) => u.id).sort()).toEqual([acme.admin.id, acme.agent.id].sort());
  expect(both.tags.map((t: { name: string }) => t.name)).toEqual(['keep', 'refund', 'urgent']);
  const off = await request.patch(url, { headers: acme.admin.headers, data: { remove_assigned: [{ id: acme.agent.id }] } });
  expect((await off.json()).assigned.map((u: { id: number }) => u.id)).toEqual([acme.admin.id]);
  const mixed = await request.patch(url, { headers: acme.admin.headers, data: { tags: [], add_tags: ['x'] } });
  expect(mixed.status()).toBe(400);
  expect(await mixed.json()).toEqual({ add_tags: ['Send either "tags" or "add_tags", not both.'] });
  // A deactivated member can be taken off but not newly assigned, whole list or added.
  const leaver = await memberWithKey(request, acme);
  await request.patch(url, { headers: acme.admin.headers, data: { add_assigned: [leaver.id] } });
  await request.patch(`/api/account-member/${leaver.id}`, { headers: acme.admin.headers, data: { is_active: false } });
  const kept = await request.patch(url, { headers: acme.admin.headers, data: { add_tags: ['still'] } });
  expect(kept.status(), await kept.text()).toBe(200);
  expect((await request.patch(url, { headers: acme.admin.headers, data: { assigned: [acme.admin.id, leaver.id] } })).status()).toBe(200);
  const removed = await request.patch(url, { headers: acme.admin.headers, data: { remove_assigned: [leaver.id] } });
  expect((await removed.json()).assigned.map((u: { id: number }) => u.id)).toEqual([acme.admin.id]);
  for (const data of [{ add_assigned: [leaver.id] }, { assigned: [acme.admin.id, leaver.id] }]) {
    const refused = await request.patch(url, { headers: acme.admin.headers, data });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ [Object.keys(data)[0]]: [`Member ${leaver.id} is deactivated and cannot be assigned.`] });
  }
  const foreign = await request.patch(url, { headers: acme.admin.headers, data: { add_assigned: [other.admin.id] } });
  expect(await foreign.json()).toEqual({ add_assigned: [`Invalid pk "${other.admin.id}" - object does not exist.`] });
});

test('a sandbox reply opens the window; free-form messages only inside it', async ({ request }) => {
  const sent = await sendWelcome(request, acme);
  const closed = await request.post(`/api/inbox/conversation/${sent.conversation}/messages`, { headers: acme.agent.headers, data: { body: 'Hello?' } });
  expect(closed.status()).toBe(400);
  // The contact never wrote: the answer says so, not that a window closed.
  expect(await closed.json()).toEqual({
    non_field_errors: ['The contact has not written yet: only template messages may be sent to this contact until they do.'],
  });

  const inbound = await reply(request, acme, { phone: sent.phone, text: 'Hi! I need help' });
  expect(Object.keys(inbound).sort()).toEqual(MESSAGE_KEYS);
  expect(inbound).toMatchObject({
    conversation: sent.conversation, direction: 'INBOUND', source: 'INBOUND', status: 'received', msg_type: 'text', body: 'Hi! I need help',
    from_number: sent.phone, provider_id: expect.stringMatching(/^sandbox\.in\./), sent_by: null, chat_template: null, contacts: [], location: null,
  });
  const afterReply = await (await request.get(`/api/inbox/conversation/${sent.conversation}`, { headers: acme.admin.headers })).json();
  expect(afterReply.status).toBe('NEW');
  expect(new Date(afterReply.free_form_until).getTime() - new Date(inbound.timestamp).getTime()).toBe(24 * 3600 * 1000);

  const empty = await request.post(`/api/inbox/conversation/${sent.conversation}/messages`, { headers: acme.agent.headers, data: { body: '  ' } });
  expect(await empty.json()).toEqual({ body: ['This field may not be blank.'] });
  const res = await request.post(`/api/inbox/conversation/${sent.conversation}/messages/`, { headers: acme.agent.headers, data: { body: 'Sure, how can I help?' } });
  expect(res.status(), await res.text()).toBe(201);
  const out = await res.json();
  expect(out).toMatchObject({
    conversation: sent.conversation, direction: 'OUTBOUND', msg_type: 'text', body: 'Sure, how can I help?', status: 'queued', to_number: sent.phone,
    sent_by: { id: acme.agent.id }, content: { text: { body: 'Sure, how can I help?' } }, queued_on: expect.stringMatching(ISO),
  });
  expect((await (await request.get(`/api/inbox/conversation/${sent.conversation}`, { headers: acme.admin.headers })).json()).status).toBe('IN_PROGRESS');

  await reply(request, acme, { phone: sent.phone, type: 'interactive', button: { id: 'yes', title: 'Yes please' } });
  await reply(request, acme, { phone: sent.phone, type: 'document', media: { link: 'https://files.example.com/a.pdf', mime_type: 'application/pdf', filename: 'a.pdf' } });
  await reply(request, acme, { phone: sent.phone, type: 'location', location: { latitude: 19.4, longitude: -99.1, name: 'Office' } });
  const bad = await request.post('/api/channels/sandbox/inbound', { headers: acme.agent.headers, data: { phone: sent.phone, type: 'image' } });
  expect(await bad.json()).toEqual({ media: ['This field is required.'] });

  const page = await (await request.get(`/api/inbox/conversation/${sent.conversation}/messages?page_size=3`, { headers: acme.admin.headers })).json();
  expect(page.count).toBe(6);
  expect(page.next).toContain('page=2');
  expect(page.results.map((m: { msg_type: string }) => m.msg_type)).toEqual(['template', 'text', 'text']);
  const rest = await (await request.get(page.next, { headers: acme.admin.headers })).json();
  expect(rest.results.map((m: { msg_type: string; body: string }) => [m.msg_type, m.body])).toEqual([['interactive', 'Yes please'], ['document', 'a.pdf'], ['location', 'Office']]);
  for (const m of [...page.results, ...rest.results]) expect(Object.keys(m).sort()).toEqual(MESSAGE_KEYS);

  const phone = await (await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(sent.phone)}`, { headers: acme.agent.headers })).json();
  expect(phone.count).toBe(6);
  expect(phone.results[0].id).toBe(sent.id);
});

test('a message from a new number opens a NEW conversation with a new contact', async ({ request }) => {
  const phone = uniquePhone();
  const m = await reply(request, acme, { phone, text: 'First contact', name: 'Rosa' });
  const conversation = await (await request.get(`/api/inbox/conversation/${m.conversation}`, { headers: acme.admin.headers })).json();
  expect(conversation).toMatchObject({ status: 'NEW', source: 'INBOX', contact: m.contact });
  const contact = await (await request.get(`/api/contact/${m.contact}`, { headers: acme.admin.headers })).json();
  expect(contact).toMatchObject({ canonical_phone: phone, first_name: 'Rosa', last_conversation: m.conversation });
});

test('another account\'s conversation is a 404 everywhere; no credentials is a 401', async ({ request }) => {
  const sent = await sendWelcome(request, acme);
  const h = other.admin.headers;
  for (const res of [
    await request.get(`/api/inbox/conversation/${sent.conversation}`, { headers: h }),
    await request.put(`/api/inbox/conversation/${sent.conversation}/update`, { headers: h, data: { id: sent.conversation, contact: sent.conversation, assigned: [] } }),
    await request.patch(`/api/inbox/conversation/${sent.conversation}/update`, { headers: h, data: { status: 'CLOSED' } }),
    await request.get(`/api/inbox/conversation/${sent.conversation}/messages`, { headers: h }),
    await request.post(`/api/inbox/conversation/${sent.conversation}/messages`, { headers: h, data: { body: 'x' } }),
    await request.get('/api/inbox/conversation/not-a-uuid', { headers: h }),
  ]) {
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  }
  const theirs = await (await request.get('/api/inbox/conversation', { headers: h })).json();
  expect(theirs.results.map((c: { id: string }) => c.id)).not.toContain(sent.conversation);
  for (const res of [
    await request.get('/api/inbox/conversation'),
    await request.get(`/api/inbox/conversation/${sent.conversation}`),
    await request.put(`/api/inbox/conversation/${sent.conversation}/update`, { data: {} }),
    await request.patch(`/api/inbox/conversation/${sent.conversation}/update`, { data: {} }),
    await request.get(`/api/inbox/conversation/${sent.conversation}/messages`),
    await request.post(`/api/inbox/conversation/${sent.conversation}/messages`, { data: {} }),
  ]) {
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual(NOT_PROVIDED);
  }
});
