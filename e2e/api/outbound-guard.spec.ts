import { expect, test } from '@playwright/test';
import { newAccount, type TestAccount } from './factories';

// Every URL the product fetches is refused when its host is a non-public address: webhook targets
// and a channel's provider base_url, in every form a host can take. The test server allows
// loopback's 127.0.0.1, localhost and ::1 for both (its fake receivers listen there), so loopback is
// tried as 127.0.0.2 and in the IPv6 forms that embed it.

let acme: TestAccount;
test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
});

const HOSTS = [
  // The four forms once accepted.
  '192.0.2.10', '[2002:7f00:1::]', '[fec0::1]', '[::127.0.0.1]',
  // One address in every special-purpose range, and the IPv6 forms embedding a private IPv4 address.
  '0.0.0.0', '10.1.2.3', '100.64.0.1', '127.0.0.2', '169.254.169.254', '172.16.0.1', '192.0.0.1', '192.31.196.1',
  '192.52.193.1', '192.88.99.1', '192.168.1.1', '192.175.48.1', '198.18.0.1', '198.51.100.7', '203.0.113.9', '224.0.0.1',
  '240.0.0.1', '255.255.255.255', '[::]', '[::ffff:127.0.0.2]', '[::ffff:169.254.169.254]', '[::ffff:0:a00:1]',
  '[64:ff9b::10.0.0.1]', '[64:ff9b:1::1]', '[100::1]', '[2001::1]', '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
  '[2001:2::1]', '[2001:db8::1]', '[2002:a9fe:a9fe::]', '[3fff::1]', '[5f00::1]', '[fc00::1]', '[fd12:3456::1]',
  '[fe80::1]', '[ff02::1]',
  // Other spellings of an IPv4 address, which URL parsing turns into the dotted form.
  '2852039166', '0xa9fea9fe', '0251.0376.0251.0376', '169.254.43518', '0x7f.0.0.2',
];

const refusedOn = (field: string, setting: string) => (body: Record<string, string[]>) => {
  expect(Object.keys(body)).toEqual([field]);
  expect(body[field][0]).toMatch(/private or reserved address/);
  expect(body[field][0]).toContain(setting);
};

test('webhook targets on non-public addresses are refused on create and on update', async ({ request }) => {
  const headers = acme.admin.headers;
  const check = refusedOn('target', 'WEBHOOK_ALLOW_PRIVATE_TARGETS');
  const kept = await request.post('/api/webhook-subscription', { headers, data: { events: ['contact.created'], target: 'http://127.0.0.1:9/ok' } });
  expect(kept.status()).toBe(201);
  const { id } = await kept.json();
  let accepted = 0;
  for (const host of HOSTS) {
    const target = `http://${host}:8080/hook`;
    const created = await request.post('/api/webhook-subscription', { headers, data: { events: ['contact.created'], target } });
    const patched = await request.patch(`/api/webhook-subscription/${id}`, { headers, data: { target } });
    for (const res of [created, patched]) {
      if (res.status() !== 400) accepted += 1;
      expect(res.status(), target).toBe(400);
      check(await res.json());
    }
  }
  expect(accepted).toBe(0);
  expect((await (await request.get(`/api/webhook-subscription/${id}`, { headers })).json()).target).toBe('http://127.0.0.1:9/ok');
});

test('a channel base_url on a non-public address is refused with a field error naming the setting', async ({ request }) => {
  const headers = acme.admin.headers;
  const check = refusedOn('base_url', 'CHANNEL_ALLOW_PRIVATE_BASE_URLS');
  const channel = {
    name: 'Guarded', phone_number_id: '1065403522', business_account_id: '1022901293', access_token: 'EAAG-token-1234567890',
    app_secret: 'app-secret-123456', verify_token: 'verify-token-7890',
  };
  const kept = await request.post('/api/channels', { headers, data: { ...channel, base_url: 'http://127.0.0.1:9' } });
  expect(kept.status(), await kept.text()).toBe(201);
  const { id } = await kept.json();
  let accepted = 0;
  for (const host of HOSTS) {
    const base_url = `https://${host}`;
    const created = await request.post('/api/channels', { headers, data: { ...channel, phone_number_id: `9${accepted}`, base_url } });
    const patched = await request.patch(`/api/channels/${id}`, { headers, data: { base_url } });
    for (const res of [created, patched]) {
      if (res.status() !== 400) accepted += 1;
      expect(res.status(), base_url).toBe(400);
      check(await res.json());
    }
  }
  expect(accepted).toBe(0);
  const after = await (await request.get(`/api/channels/${id}`, { headers })).json();
  expect(after.cloud_api_settings.base_url).toBe('http://127.0.0.1:9');
  console.log(`SSRF forms tried through the API: ${HOSTS.length * 4}, accepted: 0`);
});
