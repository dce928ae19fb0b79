import { expect, test } from '@playwright/test';
import { ISO, NOT_FOUND, NOT_PROVIDED, newAccount, type TestAccount } from './factories';

// Channels: the sandbox every account gets, cloud_api channels added by admins, secrets masked.

let acme: TestAccount;
let other: TestAccount;
test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
  other = await newAccount(request);
});

const SECRET_TOKEN = 'EAAG-super-secret-token-abcdef-9876';
const CLOUD = {
  name: 'Main number', phone_number_id: '106540352242922', business_account_id: '102290129340398', access_token: SECRET_TOKEN,
  app_secret: 'app-secret-value-123456', verify_token: 'verify-token-value-7890', base_url: 'https://graph.example.com/',
};
const CHANNEL_KEYS = ['callback_url', 'channel_id', 'channel_provider', 'channel_type', 'cloud_api_settings', 'created_on', 'id',
  'is_sandbox', 'name', 'rate_limit', 'status', 'templates_synced_on'];

test('every new account has an active sandbox channel', async ({ request }) => {
  const res = await request.get('/api/channels', { headers: acme.agent.headers });
  expect(res.status()).toBe(200);
  const page = await res.json();
  expect(page).toMatchObject({ count: 1, next: null, previous: null });
  expect(page.results[0]).toEqual({
    id: expect.any(Number), channel_id: expect.stringMatching(/^\+15550\d{6}$/), channel_type: 'CHAT', name: 'Sandbox', status: 'ACTIVE',
    created_on: expect.stringMatching(ISO), channel_provider: 'PROVIDER_SANDBOX', is_sandbox: true, rate_limit: 80,
    templates_synced_on: null, callback_url: null, cloud_api_settings: null,
  });
});

test('an admin adds a cloud_api channel; secrets never come back whole', async ({ request, baseURL }) => {
  const res = await request.post('/api/channels/', { headers: acme.admin.headers, data: { ...CLOUD, rate_limit: 20 } });
  expect(res.status(), await res.text()).toBe(201);
  const channel = await res.json();
  expect(Object.keys(channel).sort()).toEqual(CHANNEL_KEYS);
  const callback = `${baseURL}/api/channels/cloud-api/webhook/${channel.id}`;
  expect(channel).toMatchObject({
    channel_id: CLOUD.phone_number_id, channel_provider: 'PROVIDER_CLOUD_API', is_sandbox: false, status: 'NEW', rate_limit: 20,
    callback_url: callback,
    cloud_api_settings: {
      phone_number_id: CLOUD.phone_number_id, chat_business_account_id: CLOUD.business_account_id, app_id: '',
      base_url: 'https://graph.example.com', api_version: 'v21.0', access_token_ro: '••••9876', app_token_ro: '••••3456',
      webhook_verify_token: '••••7890', service_webhook_url: callback, proxy_requests: false, webhook_set: false,
    },
  });
  for (const response of [
    res,
    await request.get(`/api/channels/${channel.id}`, { headers: acme.agent.headers }),
    await request.get('/api/channels', { headers: acme.admin.headers }),
  ]) {
    const text = await response.text();
    for (const secret of [SECRET_TOKEN, CLOUD.app_secret, CLOUD.verify_token]) expect(text).not.toContain(secret);
  }
  // One number, one channel: a second one on it is refused while the first is on.
  const twice = await request.post('/api/channels', { headers: acme.admin.headers, data: { ...CLOUD, name: 'Same number' } });
  expect(twice.status()).toBe(400);
  expect(await twice.json()).toEqual({ phone_number_id: ['The channel "Main number" already uses this number: switch it off or delete it first.'] });
  const patched = await request.patch(`/api/channels/${channel.id}`, { headers: acme.admin.headers, data: { name: 'Renamed', status: 'INACTIVE', access_token: 'EAAG-new-token-00001111' } });
  expect(patched.status()).toBe(200);
  expect(await patched.json()).toMatchObject({ name: 'Renamed', status: 'INACTIVE', cloud_api_settings: { access_token_ro: '••••1111', app_token_ro: '••••3456' } });
  // Switched off, its number is free: a new channel takes it, and the old one cannot come back on beside it.
  const taken = await request.post('/api/channels', { headers: acme.admin.headers, data: { ...CLOUD, name: 'Replacement' } });
  expect(taken.status(), await taken.text()).toBe(201);
  const back = await request.patch(`/api/channels/${channel.id}`, { headers: acme.admin.headers, data: { status: 'ACTIVE' } });
  expect(back.status()).toBe(400);
  expect(await back.json()).toEqual({ phone_number_id: ['The channel "Replacement" already uses this number: switch it off or delete it first.'] });
  // The names the settings are read under write them too: sending back what was read changes it.
  const renamed = await request.patch(`/api/channels/${channel.id}`, {
    headers: acme.admin.headers, data: { chat_business_account_id: 'WABA999', webhook_verify_token: 'new-verify-token-4321' },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  expect((await renamed.json()).cloud_api_settings).toMatchObject({ chat_business_account_id: 'WABA999', webhook_verify_token: '••••4321' });
  // Sending back the masked value as read keeps the secret (the handshake still takes the real one).
  const echoed = await request.patch(`/api/channels/${channel.id}`, { headers: acme.admin.headers, data: { webhook_verify_token: '••••4321' } });
  expect(echoed.status()).toBe(200);
  const handshake = await request.get(`/api/channels/cloud-api/webhook/${channel.id}?hub.mode=subscribe&hub.verify_token=new-verify-token-4321&hub.challenge=ok123`);
  expect([handshake.status(), await handshake.text()]).toEqual([200, 'ok123']);
});

test('validates each field of a new channel', async ({ request }) => {
  const res = await request.post('/api/channels', {
    headers: acme.admin.headers, data: { name: '', phone_number_id: 'has space', base_url: 'ftp://x', api_version: '21', rate_limit: 0 },
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({
    name: ['This field may not be blank.'],
    phone_number_id: ['Enter a valid phone number id: letters, digits, ".", "_" and "-" only.'],
    business_account_id: ['This field is required.'],
    access_token: ['This field is required.'],
    app_secret: ['This field is required.'],
    verify_token: ['This field is required.'],
    base_url: ['Enter a valid URL.'],
    api_version: ['Enter a version like "v21.0".'],
    rate_limit: ['Ensure this value is greater than or equal to 1.'],
  });
  const sandbox = (await (await request.get('/api/channels', { headers: acme.admin.headers })).json()).results.find((c: { is_sandbox: boolean }) => c.is_sandbox);
  const bad = await request.patch(`/api/channels/${sandbox.id}`, { headers: acme.admin.headers, data: { access_token: 'x' } });
  expect(await bad.json()).toEqual({ access_token: ['The sandbox channel has no provider settings.'] });
  // A token pasted with a character an HTTP header cannot carry would fail every call to the provider.
  for (const token of ['EAAG token', 'EAAG-token\u2026', 'EAAG-\u20ac']) {
    const pasted = await request.post('/api/channels', { headers: acme.admin.headers, data: { ...CLOUD, phone_number_id: '999', access_token: token } });
    expect(pasted.status(), token).toBe(400);
    expect(await pasted.json(), token).toEqual({ access_token: ['Enter the access token as issued: printable ASCII characters, without spaces.'] });
  }
  for (const rate of ['fast', 2.5, '', true, '1e3']) {
    const notWhole = await request.patch(`/api/channels/${sandbox.id}`, { headers: acme.admin.headers, data: { rate_limit: rate } });
    expect(notWhole.status()).toBe(400);
    expect(await notWhole.json()).toEqual({ rate_limit: ['A valid integer is required.'] });
  }
  const nullRate = await request.patch(`/api/channels/${sandbox.id}`, { headers: acme.admin.headers, data: { rate_limit: null } });
  expect(await nullRate.json()).toEqual({ rate_limit: ['This field may not be null.'] });
  const garbled = await request.post('/api/channels', { headers: acme.admin.headers, data: { ...CLOUD, phone_number_id: '997', base_url: 'https//graph example' } });
  expect([garbled.status(), await garbled.json()]).toEqual([400, { base_url: ['Enter a valid URL.'] }]);
  // The provider's paths are appended to the base URL: a query, fragment or credentials would be lost or misplaced.
  for (const base of ['http://127.0.0.1:4110/graph?x=1', 'https://graph.example.com/#f', 'https://user:pw@graph.example.com']) {
    const odd = await request.post('/api/channels', { headers: acme.admin.headers, data: { ...CLOUD, phone_number_id: '998', base_url: base } });
    expect(odd.status(), base).toBe(400);
    expect(await odd.json(), base).toEqual({ base_url: ['Enter the base URL alone (such as https://graph.facebook.com), without a query, fragment or credentials.'] });
  }
});

test('agents read channels but only admins change them', async ({ request }) => {
  expect((await request.post('/api/channels', { headers: acme.agent.headers, data: CLOUD })).status()).toBe(403);
  const sandbox = (await (await request.get('/api/channels', { headers: acme.agent.headers })).json()).results[0];
  expect((await request.patch(`/api/channels/${sandbox.id}`, { headers: acme.agent.headers, data: { name: 'x' } })).status()).toBe(403);
  expect((await request.post(`/api/channels/${sandbox.id}/sync-templates`, { headers: acme.agent.headers })).status()).toBe(403);
  expect((await request.post(`/api/channels/${sandbox.id}/test-credentials`, { headers: acme.agent.headers })).status()).toBe(403);
  const ok = await request.post(`/api/channels/${sandbox.id}/test-credentials`, { headers: acme.admin.headers });
  expect(await ok.json()).toEqual({ ok: true, reached: true, detail: 'The sandbox channel needs no credentials.' });
  const synced = await request.post(`/api/channels/${sandbox.id}/sync-templates`, { headers: acme.admin.headers });
  expect(await synced.json()).toEqual({ fetched: 0, removed: 0, templates_synced_on: expect.stringMatching(ISO) });
});

test('another account\'s channel is a 404; no credentials is a 401', async ({ request }) => {
  const mine = (await (await request.get('/api/channels', { headers: acme.admin.headers })).json()).results[0];
  for (const res of [
    await request.get(`/api/channels/${mine.id}`, { headers: other.admin.headers }),
    await request.patch(`/api/channels/${mine.id}`, { headers: other.admin.headers, data: { name: 'x' } }),
    await request.post(`/api/channels/${mine.id}/test-credentials`, { headers: other.admin.headers }),
    await request.post(`/api/channels/${mine.id}/sync-templates`, { headers: other.admin.headers }),
    await request.get('/api/channels/not-an-int', { headers: other.admin.headers }),
  ]) {
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  }
  for (const res of [
    await request.get('/api/channels'),
    await request.post('/api/channels', { data: CLOUD }),
    await request.get(`/api/channels/${mine.id}`),
    await request.patch(`/api/channels/${mine.id}`, { data: {} }),
    await request.post(`/api/channels/${mine.id}/test-credentials`),
    await request.post(`/api/channels/${mine.id}/sync-templates`),
    await request.post('/api/channels/sandbox/inbound', { data: {} }),
    await request.get('/api/channels/sandbox/messages?phone=1'),
  ]) {
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual(NOT_PROVIDED);
  }
});
