import { expect, request as playwrightRequest, test } from '@playwright/test';
import { FakeCloud, TOKEN } from './fake-cloud';
import { OwnServer } from './own-server';

// Exactly once, with a real worker process killed mid-broadcast: the web process only serves
// requests, a separate worker sends, and it is killed with SIGKILL while 2,000 recipients are
// being sent, then a new worker is started. Every recipient gets exactly one message, and none is
// forgotten. (Postgres only: the embedded database is one process's.)

test('a worker killed with SIGKILL mid-broadcast and started again sends exactly once to everyone', async ({}, testInfo) => {
  test.setTimeout(240_000);
  const cloud = await new FakeCloud().start();
  const server = await OwnServer.create('postgres', 3540 + testInfo.workerIndex, {
    WORKERS_IN_WEB: 'false', MESSAGE_SEND_EXPIRE_SECONDS: '10', QUEUE_MAINTENANCE_SECONDS: '5', CLOUD_API_TIMEOUT_MS: '3000',
    MESSAGE_RETRY_SCHEDULE: '1,1,1',
  });
  try {
    await server.start();
    let worker = server.startWorker();
    const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
    const account = await (await api.post('/api/test/account', { data: { country: 'MX' } })).json();
    const headers = { Authorization: `Token ${account.admin.key}` };
    const channel = await (await api.post('/api/channels', {
      headers, data: {
        name: 'Cloud', phone_number_id: 'PNKILL', business_account_id: 'WABAKILL', access_token: TOKEN, app_secret: 's',
        verify_token: 'v', base_url: cloud.baseUrl, api_version: 'v21.0', rate_limit: 400,
      },
    })).json();
    cloud.setTemplates('WABAKILL', [[{ id: '9', name: 'hello', language: 'en', status: 'APPROVED', category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Hi {{1}}' }] }]]);
    await api.post(`/api/channels/${channel.id}/sync-templates`, { headers });
    const template = (await (await api.get(`/api/channels/chat/template?channel=${channel.id}`, { headers })).json()).results[0];
    const phones = Array.from({ length: 2000 }, (_, i) => `+52155${String(10000000 + i)}`);
    const res = await api.post('/api/broadcast', {
      headers, data: { name: 'Kill', chat_template: template.id, recipients: phones.map((phone, i) => ({ phone, data: [`n${i}`] })) },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = await res.json();

    await expect.poll(() => cloud.sends('PNKILL').length, { timeout: 120_000, intervals: [50] }).toBeGreaterThanOrEqual(500);
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));
    const atKill = cloud.sends('PNKILL').length;
    expect(atKill).toBeLessThan(2000);
    worker = server.startWorker();

    await expect.poll(async () => (await (await api.get(`/api/broadcast/${id}`, { headers })).json()).status,
      { timeout: 120_000, intervals: [1000] }).toBe('COMPLETED');
    const sends = cloud.sends('PNKILL');
    const to = sends.map((s) => (s.body as { to: string }).to);
    expect(new Set(to).size).toBe(2000);
    expect(to).toHaveLength(2000);
    const done = await (await api.get(`/api/broadcast/${id}`, { headers })).json();
    expect(done).toMatchObject({ total: 2000, sent: 2000, failed: 0, pending: 0, skipped: 0 });
    // The sends that were under way when the worker died went out, but their answers were lost:
    // they are not sent again, and say so.
    const unsure = (await (await api.get(`/api/broadcast/${id}/recipients?status=sent&page_size=500`, { headers })).json()).results
      .filter((r: { reason: string }) => r.reason !== '');
    for (const r of unsure) expect(r.reason).toMatch(/^outcome unknown/);
    await api.dispose();
  } finally {
    await server.dispose();
    await cloud.stop();
  }
});
