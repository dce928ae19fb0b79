import { expect, test, type APIRequestContext } from '@playwright/test';
import { ISO, NOT_FOUND, NOT_PROVIDED, UUID, inbound, newAccount, uniquePhone, type TestAccount } from './factories';
import { FakeCloud, sign, webhookPayload } from './fake-cloud';
import { addCloudChannel, CLOUD_APP_SECRET } from './cloud-channel';

// What the inbox composer uses beside text: quick replies (CRUD, search, variables checked) and
// attachments (upload with type and size limits, a public URL that serves the file, and the
// Cloud API media body the provider receives).

let acme: TestAccount;
let other: TestAccount;
let cloud: FakeCloud;
test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
  other = await newAccount(request);
  cloud = await new FakeCloud().start();
});
test.afterAll(async () => cloud.stop());

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const upload = (request: APIRequestContext, account: TestAccount, data: Buffer, type: string, filename = 'file') =>
  request.post(`/api/inbox/attachment?filename=${encodeURIComponent(filename)}`, { headers: { ...account.agent.headers, 'content-type': type }, data });

test('quick replies: create, list with search, get, update, delete; shortcuts unique whatever the case', async ({ request }) => {
  const h = { headers: acme.agent.headers };
  const created = await request.post('/api/quick-reply', { ...h, data: { shortcut: 'greeting', body: 'Hi {{contact.first_name}}, {{agent.first_name}} here.' } });
  expect(created.status(), await created.text()).toBe(201);
  const reply = await created.json();
  expect(reply).toEqual({
    id: expect.stringMatching(UUID), shortcut: 'greeting', body: 'Hi {{contact.first_name}}, {{agent.first_name}} here.',
    created_by: acme.agent.id, created_on: expect.stringMatching(ISO), updated_on: expect.stringMatching(ISO),
  });
  await request.post('/api/quick-reply', { ...h, data: { shortcut: 'regards', body: 'Kind regards from {{contact.city}}' } });

  const dup = await request.post('/api/quick-reply', { ...h, data: { shortcut: 'GREETING', body: 'Other' } });
  expect(dup.status()).toBe(400);
  expect(await dup.json()).toEqual({ shortcut: ['A quick reply with this shortcut already exists.'] });
  const bad = await request.post('/api/quick-reply', { ...h, data: { shortcut: 'two words', body: 'Hi {{name}}' } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({
    shortcut: ['Use letters, digits, "-" and "_" only (no spaces).'],
    body: ['Unknown variable {{name}}: use {{contact.<field or meta key>}} or {{agent.<field>}}.'],
  });
  expect(await (await request.post('/api/quick-reply', { ...h, data: {} })).json()).toEqual({
    shortcut: ['This field is required.'], body: ['This field is required.'],
  });

  // Search: shortcut or text, a leading "/" ignored, shortcuts that start with the term first.
  const list = async (q: string) => (await (await request.get(`/api/quick-reply?search=${encodeURIComponent(q)}`, h)).json());
  const all = await list('');
  expect(all).toMatchObject({ count: 2, next: null, previous: null });
  expect(all.results.map((r: { shortcut: string }) => r.shortcut)).toEqual(['greeting', 'regards']);
  expect((await list('/re')).results.map((r: { shortcut: string }) => r.shortcut)).toEqual(['regards', 'greeting']);
  expect((await list('city')).results.map((r: { shortcut: string }) => r.shortcut)).toEqual(['regards']);
  // Another account sees none of them.
  expect((await (await request.get('/api/quick-reply', { headers: other.admin.headers })).json()).count).toBe(0);

  expect(await (await request.get(`/api/quick-reply/${reply.id}/`, h)).json()).toEqual(reply);
  const patched = await request.patch(`/api/quick-reply/${reply.id}`, { ...h, data: { body: 'Hello {{contact.first_name}}!' } });
  expect(patched.status()).toBe(200);
  expect(await patched.json()).toMatchObject({ shortcut: 'greeting', body: 'Hello {{contact.first_name}}!' });
  // Its own shortcut in another case is no conflict.
  const put = await request.put(`/api/quick-reply/${reply.id}`, { ...h, data: { shortcut: 'Greeting', body: 'Hello!' } });
  expect(put.status(), await put.text()).toBe(200);
  expect(await put.json()).toMatchObject({ shortcut: 'Greeting', body: 'Hello!' });
  expect((await request.put(`/api/quick-reply/${reply.id}`, { ...h, data: { body: 'x' } })).status()).toBe(400);

  expect((await request.delete(`/api/quick-reply/${reply.id}`, h)).status()).toBe(204);
  expect((await request.get(`/api/quick-reply/${reply.id}`, h)).status()).toBe(404);
});

test('quick replies: unauthenticated 401, another account\'s 404 whatever the body', async ({ request }) => {
  const mine = await (await request.post('/api/quick-reply', { headers: acme.admin.headers, data: { shortcut: 'mine', body: 'x' } })).json();
  for (const res of [
    await request.get('/api/quick-reply'),
    await request.post('/api/quick-reply', { data: { shortcut: 'a', body: 'b' } }),
    await request.get(`/api/quick-reply/${mine.id}`),
    await request.delete(`/api/quick-reply/${mine.id}`),
  ]) {
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual(NOT_PROVIDED);
  }
  const o = { headers: other.admin.headers };
  for (const res of [
    await request.get(`/api/quick-reply/${mine.id}`, o),
    await request.patch(`/api/quick-reply/${mine.id}`, { ...o, data: { shortcut: 'not valid' } }),
    await request.put(`/api/quick-reply/${mine.id}`, { ...o, data: { shortcut: 'ok', body: 'ok' } }),
    await request.delete(`/api/quick-reply/${mine.id}`, o),
  ]) {
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  }
  expect((await request.get(`/api/quick-reply/${mine.id}`, { headers: acme.admin.headers })).status()).toBe(200);
});

test('attachments: upload, served without credentials at its URL; type, size and emptiness refused with clear 4xx', async ({ request }) => {
  const res = await upload(request, acme, PNG, 'image/png', 'dot.png');
  expect(res.status(), await res.text()).toBe(201);
  const file = await res.json();
  expect(file).toEqual({
    id: expect.stringMatching(UUID), filename: 'dot.png', mime_type: 'image/png', size: PNG.length, msg_type: 'image',
    url: expect.stringMatching(/^http:\/\/[^/]+\/api\/media\/[0-9a-f-]{36}$/), created_on: expect.stringMatching(ISO),
  });
  const served = await request.get(file.url);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);
  expect((await request.get(file.url.replace(/[0-9a-f]{12}$/, '000000000000'))).status()).toBe(404);

  const exe = await upload(request, acme, Buffer.from('MZ'), 'application/x-msdownload', 'a.exe');
  expect(exe.status()).toBe(415);
  expect((await exe.json()).detail).toMatch(/^Files of type "application\/x-msdownload" cannot be sent\. Accepted: JPEG or PNG images/);
  const big = await upload(request, acme, Buffer.alloc(5 * 1024 * 1024 + 1), 'image/jpeg', 'big.jpg');
  expect(big.status()).toBe(413);
  expect(await big.json()).toEqual({ detail: 'The file is too large: an image may be at most 5 MB.' });
  // A file that only claims to be an image would be refused by the provider after we took the message.
  const fake = await upload(request, acme, Buffer.from('GIF89a not a png at all'), 'image/png', 'fake.png');
  expect(fake.status()).toBe(415);
  expect(await fake.json()).toEqual({ detail: 'The file\'s content is not that of a "image/png" file: send it with its own type.' });
  const empty = await upload(request, acme, Buffer.alloc(0), 'application/pdf', 'empty.pdf');
  expect(empty.status()).toBe(400);
  expect(await empty.json()).toEqual({ non_field_errors: ['The file is empty.'] });

  const anonymous = await request.post('/api/inbox/attachment', { headers: { 'content-type': 'image/png' }, data: PNG });
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual(NOT_PROVIDED);
});

test('a file attached to a reply reaches the Cloud API as a media message by URL, with its caption', async ({ request }) => {
  const channel = await addCloudChannel(request, acme, cloud);
  const phone = uniquePhone();
  const body = JSON.stringify(webhookPayload(channel.phoneNumberId, {
    contacts: [{ profile: { name: 'Ana' }, wa_id: phone.slice(1) }],
    messages: [{ id: `wamid.in.${Date.now()}`, from: phone.slice(1), timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: 'Send me the invoice' } }],
  }));
  const callback = await request.post(`/api/channels/cloud-api/webhook/${channel.id}`, {
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(CLOUD_APP_SECRET, body) }, data: body,
  });
  expect(callback.status()).toBe(200);
  const list = await (await request.get(`/api/inbox/conversation?search=${encodeURIComponent(phone.slice(1))}`, { headers: acme.admin.headers })).json();
  const conversation = list.results[0].id as string;

  const image = await (await upload(request, acme, PNG, 'image/png', 'dot.png')).json();
  const pdf = await (await upload(request, acme, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf', 'invoice 17.pdf')).json();
  const send = (data: object) => request.post(`/api/inbox/conversation/${conversation}/messages`, { headers: acme.agent.headers, data });
  const sentImage = await send({ attachment: image.id, body: 'Here it is' });
  expect(sentImage.status(), await sentImage.text()).toBe(201);
  const imageMessage = await sentImage.json();
  expect(imageMessage).toMatchObject({
    msg_type: 'image', content_type: 'image/png', body: 'Here it is', direction: 'OUTBOUND',
    content: { image: { link: image.url, mime_type: 'image/png', filename: 'dot.png', caption: 'Here it is' } },
  });
  const sentPdf = await send({ attachment: pdf.id });
  expect(sentPdf.status()).toBe(201);
  const pdfMessage = await sentPdf.json();

  await expect.poll(() => cloud.sends(channel.phoneNumberId).length).toBe(2);
  // Two jobs, possibly sent side by side: told apart by type, not by arrival.
  const bodies = cloud.sends(channel.phoneNumberId).map((r) => r.body as { type: string; image?: { link: string } });
  const first = bodies.find((b) => b.type === 'image');
  const second = bodies.find((b) => b.type === 'document');
  expect(first).toEqual({
    messaging_product: 'whatsapp', recipient_type: 'individual', to: phone.slice(1), type: 'image', image: { link: image.url, caption: 'Here it is' },
    biz_opaque_callback_data: imageMessage.id,
  });
  expect(second).toEqual({
    messaging_product: 'whatsapp', recipient_type: 'individual', to: phone.slice(1), type: 'document',
    document: { link: pdf.url, filename: 'invoice 17.pdf' }, biz_opaque_callback_data: pdfMessage.id,
  });
  // The URL the provider was given serves the file, to anyone holding it.
  const fetched = await request.get(first!.image!.link);
  expect(fetched.status()).toBe(200);
  expect(Buffer.from(await fetched.body()).equals(PNG)).toBe(true);
});

test('a reply\'s attachment must be the account\'s, never on a note, and text is required without one', async ({ request }) => {
  const { conversation } = await inbound(request, acme);
  const send = (account: TestAccount, data: object) =>
    request.post(`/api/inbox/conversation/${conversation}/messages`, { headers: account.agent.headers, data });
  const theirs = await (await upload(request, other, PNG, 'image/png')).json();
  const foreign = await send(acme, { attachment: theirs.id });
  expect(foreign.status()).toBe(400);
  expect(await foreign.json()).toEqual({ attachment: ['No such attachment: upload the file first.'] });

  const mine = await (await upload(request, acme, PNG, 'image/png')).json();
  const note = await send(acme, { attachment: mine.id, internal: true, body: 'see file' });
  expect(note.status()).toBe(400);
  expect(await note.json()).toEqual({ attachment: ['Internal notes cannot carry files.'] });
  expect(await (await send(acme, {})).json()).toEqual({ body: ['This field is required.'] });
  // Another account's conversation is a 404 whatever the body.
  const elsewhere = await send(other, { attachment: theirs.id });
  expect(elsewhere.status()).toBe(404);

  // On the sandbox the file is the message: the phone's list shows it with its link.
  const ok = await send(acme, { attachment: mine.id });
  expect(ok.status(), await ok.text()).toBe(201);
  expect(await ok.json()).toMatchObject({ msg_type: 'image', body: '', content: { image: { link: mine.url } } });
});
