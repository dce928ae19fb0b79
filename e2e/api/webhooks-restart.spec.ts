import { expect, request as playwrightRequest, test } from '@playwright/test';
import { OwnServer } from './own-server';
import { Receiver } from './receiver';
import { uniquePhone } from './factories';

// Deliveries are durable jobs: a server stopped between a failed attempt and its retry loses
// nothing, and the restarted server delivers the event exactly once.

test('restarting the server between retries loses nothing', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const kind = testInfo.project.name === 'api-postgres' ? 'postgres' : 'pglite';
  const receiver = await new Receiver().start();
  receiver.on('/restart', (n) => ({ status: n === 1 ? 503 : 200 }));
  // The retry comes 4 s after the failure: time enough to stop the server before it.
  const server = await OwnServer.create(kind, 3460 + testInfo.workerIndex, { WEBHOOK_RETRY_SCHEDULE: '4,4,4' });
  try {
    await server.start();
    const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
    const account = await (await api.post('/api/test/account', { data: { country: 'MX' } })).json();
    const headers = { Authorization: `Token ${account.admin.key}` };
    const sub = await (await api.post('/api/webhook-subscription', {
      headers, data: { events: ['contact.created'], target: receiver.url('/restart') },
    })).json();
    await api.post('/api/contact', { headers, data: { phone: uniquePhone() } });
    await expect.poll(() => receiver.at('/restart').length).toBe(1);
    await api.dispose();

    await server.stop();
    await server.start();

    await expect.poll(() => receiver.at('/restart').length, { timeout: 30_000 }).toBe(2);
    const again = await playwrightRequest.newContext({ baseURL: server.baseURL });
    await expect.poll(async () => (await (await again.get(`/api/webhook-subscription/${sub.id}/deliveries`, { headers })).json())
      .results[0]?.status).toBe('SUCCEEDED');
    const log = await (await again.get(`/api/webhook-subscription/${sub.id}/deliveries`, { headers })).json();
    expect(log.results).toHaveLength(1);
    expect(log.results[0].attempts).toBe(2);
    const [first, second] = receiver.at('/restart');
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    await new Promise((r) => setTimeout(r, 5000));
    expect(receiver.at('/restart')).toHaveLength(2);
    await again.dispose();
  } finally {
    await server.dispose();
    await receiver.stop();
  }
});
