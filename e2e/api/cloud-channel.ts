import { expect, type APIRequestContext } from '@playwright/test';
import type { TestAccount } from './factories';
import { TOKEN, type FakeCloud } from './fake-cloud';

export const CLOUD_APP_SECRET = 'fake-app-secret';
export const CLOUD_VERIFY_TOKEN = 'fake-verify-token';

let seq = 0;
export const uniqueId = (prefix: string) => `${prefix}${Date.now()}${++seq}`;

export type CloudChannel = { id: number; phoneNumberId: string; waba: string };

/** A cloud_api channel of the account on the fake provider, once its first template sync is done. */
export async function addCloudChannel(
  request: APIRequestContext, account: TestAccount, cloud: FakeCloud, extra: Record<string, unknown> = {},
): Promise<CloudChannel> {
  const phoneNumberId = uniqueId('PN');
  const waba = uniqueId('WABA');
  const res = await request.post('/api/channels', {
    headers: account.admin.headers,
    data: {
      name: 'Cloud', phone_number_id: phoneNumberId, business_account_id: waba, access_token: TOKEN,
      app_secret: CLOUD_APP_SECRET, verify_token: CLOUD_VERIFY_TOKEN, base_url: cloud.baseUrl, api_version: 'v21.0', ...extra,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = await res.json();
  // A new channel's templates are synced at once, in the background: done before the test goes on.
  await expect.poll(async () => {
    const channel = await request.get(`/api/channels/${id}`, { headers: account.admin.headers });
    return (await channel.json()).templates_synced_on;
  }).not.toBeNull();
  return { id, phoneNumberId, waba };
}
