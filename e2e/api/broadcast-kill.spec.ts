import { expect, request as playwrightRequest, test } from '@playwright/test';
import { FakeCloud, TOKEN } from './fake-cloud';
import { OwnServer } from './own-server';

// A real worker process killed mid-broadcast: the web process only serves requests, a separate
// worker sends, and it is killed with SIGKILL while 2,000 recipients are being sent, then a new
// worker is started. Nobody gets two messages and none is forgotten: a send the kill cut short is
// not repeated and is marked "outcome unknown". (Postgres only: the embedded database is one
// process's.)

const BURST = 4; // lib/channels/pace.ts: a burst is 1 % of the channel's limit, 400/s here

test('a worker killed with SIGKILL mid-broadcast and started again sends at most once to each, forgetting nobody', async ({}, testInfo) => {
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
    // At most once: nobody got two messages.
    expect(new Set(to).size).toBe(to.length);
    const done = await (await api.get(`/api/broadcast/${id}`, { headers })).json();
    expect(done).toMatchObject({ total: 2000, sent: 2000, failed: 0, pending: 0, skipped: 0 });
    // None forgotten: a send the kill cut short (claimed, its last byte never written) is not sent
    // again but says so; every recipient the provider did not hear from is one of those, and they
    // are at most the bursts that were on the wire when the worker died.
    const recipients: { canonical_phone: string; reason: string }[] = [];
    for (let page = 1; ; page++) {
      const res = await (await api.get(`/api/broadcast/${id}/recipients?status=sent&page_size=500&page=${page}`, { headers })).json();
      recipients.push(...res.results);
      if (!res.next) break;
    }
    expect(recipients).toHaveLength(2000);
    for (const r of recipients.filter((r) => r.reason !== '')) expect(r.reason).toMatch(/^outcome unknown/);
    const heard = new Set(to);
    const missing = recipients.filter((r) => !heard.has(r.canonical_phone.replace(/\D/g, '')));
    for (const r of missing) expect(r.reason, `${r.canonical_phone} was neither sent nor marked`).toMatch(/^outcome unknown/);
    expect(missing.length).toBeLessThanOrEqual(4 * BURST); // the bursts of the batches in flight
    await api.dispose();
  } finally {
    await server.dispose();
    await cloud.stop();
  }
});
