import { expect, request as playwrightRequest, test } from '@playwright/test';
import { OwnServer } from './own-server';
import { Receiver } from './receiver';
import { uniquePhone } from './factories';

// "Retry now": a delivery waiting out a long retry is attempted at once when asked, its chain
// follows, and nothing is attempted twice. Its own server, for a retry schedule with a long wait.

test('a delivery waiting out a retry is attempted now when asked; the deliveries behind it follow', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const kind = testInfo.project.name === 'api-postgres' ? 'postgres' : 'pglite';
  const receiver = await new Receiver().start();
  let failing = true;
  receiver.on('/retry', () => ({ status: failing ? 500 : 200 }));
  // The first retry after 1 s, the next one 10 minutes later.
  const server = await OwnServer.create(kind, 3490 + testInfo.workerIndex, { WEBHOOK_RETRY_SCHEDULE: '1,600,600' });
  try {
    await server.start();
    const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
    const account = await (await api.post('/api/test/account', { data: { country: 'MX' } })).json();
    const headers = { Authorization: `Token ${account.admin.key}` };
    const agent = { Authorization: `Token ${account.agent.key}` };
    const sub = await (await api.post('/api/webhook-subscription', {
      headers, data: { events: ['contact.created', 'contact.updated'], target: receiver.url('/retry') },
    })).json();
    const contact = await (await api.post('/api/contact', { headers, data: { phone: uniquePhone() } })).json();
    const log = async () => (await (await api.get(`/api/webhook-subscription/${sub.id}/deliveries`, { headers })).json()).results as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
    await expect.poll(async () => (await log())[0]?.attempts, { timeout: 30_000 }).toBe(2);
    const [first] = await log();
    expect(new Date(first.next_attempt_on).getTime() - Date.now()).toBeGreaterThan(500_000);
    // A second event for the same contact waits behind it, not yet attempted: nothing to retry there.
    await api.patch(`/api/contact/${contact.id}`, { headers, data: { first_name: 'Ana' } });
    await expect.poll(async () => (await log()).length).toBe(2);
    const [behind] = await log();
    const notYet = await api.post(`/api/webhook-delivery/${behind.id}/retry`, { headers });
    expect([notYet.status(), await notYet.json()]).toEqual([400, {
      non_field_errors: ['This delivery has not been attempted yet: it goes out as soon as it can, after any earlier delivery for the same resource.'],
    }]);
    expect((await api.post(`/api/webhook-delivery/${first.id}/retry`, { headers: agent })).status()).toBe(403);

    failing = false;
    const retried = await api.post(`/api/webhook-delivery/${first.id}/retry`, { headers });
    expect(retried.status(), await retried.text()).toBe(202);
    expect(await retried.json()).toMatchObject({ id: first.id, status: 'PENDING', attempts: 2 });
    await expect.poll(async () => (await log()).map((d) => d.status), { timeout: 30_000 }).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    const [after, second] = [(await log())[1], (await log())[0]];
    expect(after.attempts).toBe(3);
    expect(second.attempts).toBe(1);
    // Each event arrived once after the fix, the created before the updated.
    const types = receiver.at('/retry').map((r) => JSON.parse(r.body).type);
    expect(types).toEqual(['contact.created', 'contact.created', 'contact.created', 'contact.updated']);
    const done = await api.post(`/api/webhook-delivery/${first.id}/retry`, { headers });
    expect([done.status(), await done.json()]).toEqual([400, { non_field_errors: ['This delivery has succeeded: resend it instead.'] }]);
    await api.dispose();
  } finally {
    await server.dispose();
    await receiver.stop();
  }
});
