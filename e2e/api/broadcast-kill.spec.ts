import { expect, request as playwrightRequest, test } from '@playwright/test';
import { FakeCloud, TOKEN } from './fake-cloud';
import { OwnServer } from './own-server';

// A real worker process killed mid-broadcast: the web process only serves requests, a separate
// worker sends, and it is killed with SIGKILL while 2,000 recipients are being sent, then a new
// worker is started. Every recipient gets exactly one message. The sends the kill cut short are
// told apart by the provider's status callbacks, as the Cloud API makes them: one naming the
// message shows it arrived; callbacks that go on without naming it show it never did, and it is
// sent again (lib/messages/send-claim.ts). Without callbacks, a send cut short is not repeated but
// marked "outcome unknown" (the unit tests of send-job.ts). The channel sends 100 a second: its
// callbacks then come back within moments, as a provider's do, where at 400 a second this busy
// two-core machine left them queued for up to 22 s, past any lag the resend could wait for.
// (Postgres only: the embedded database is one process's.)

test('a worker killed with SIGKILL mid-broadcast and started again sends exactly once to each', async ({}, testInfo) => {
  // The full suite runs beside it: sending then goes far below the channel's pace, and the test
  // asserts what was sent, not how fast.
  test.setTimeout(480_000);
  const cloud = await new FakeCloud().start();
  const server = await OwnServer.create('postgres', 3540 + testInfo.workerIndex, {
    WORKERS_IN_WEB: 'false', MESSAGE_SEND_EXPIRE_SECONDS: '10', QUEUE_MAINTENANCE_SECONDS: '5', CLOUD_API_TIMEOUT_MS: '3000',
    MESSAGE_RETRY_SCHEDULE: '1,1,1', SEND_STATUS_LAG_SECONDS: '10',
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
        verify_token: 'v', base_url: cloud.baseUrl, api_version: 'v21.0', rate_limit: 100,
      },
    })).json();
    cloud.callBackStatuses('PNKILL', `${server.baseURL}/api/channels/cloud-api/webhook/${channel.id}`, 's');
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
      { timeout: 300_000, intervals: [1000] }).toBe('COMPLETED');
    const sends = cloud.sends('PNKILL');
    const to = sends.map((s) => (s.body as { to: string }).to);
    expect(new Set(to).size, 'nobody got two messages').toBe(to.length);
    expect(to.length, 'nobody was forgotten').toBe(2000);
    const done = await (await api.get(`/api/broadcast/${id}`, { headers })).json();
    expect(done).toMatchObject({ total: 2000, sent: 2000, failed: 0, pending: 0, skipped: 0 });
    const recipients: { canonical_phone: string; reason: string }[] = [];
    for (let page = 1; ; page++) {
      const res = await (await api.get(`/api/broadcast/${id}/recipients?status=sent&page_size=500&page=${page}`, { headers })).json();
      recipients.push(...res.results);
      if (!res.next) break;
    }
    expect(recipients).toHaveLength(2000);
    expect(recipients.filter((r) => r.reason !== '')).toEqual([]);
    await api.dispose();
  } finally {
    await server.dispose();
    await cloud.stop();
  }
});
