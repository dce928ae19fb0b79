import { expect, request as playwrightRequest, test } from '@playwright/test';
import { FakeCloud, TOKEN } from './fake-cloud';
import { OwnServer } from './own-server';

// A real worker process killed mid-flow: the web process only serves requests, a separate worker
// runs the flow for 100 contacts (three messages each), and it is killed with SIGKILL while they
// run, then a new worker is started. Every contact completes and every message goes out exactly
// once: a send the kill cut short is told apart by the provider's status callbacks (sent again only
// when they show it never arrived, lib/messages/send-claim.ts). (Postgres only: the embedded
// database is one process's.)

test('a worker killed with SIGKILL mid-flow and started again sends each step\'s message exactly once, and every contact completes', async ({}, testInfo) => {
  // The full suite runs beside it: sending then goes far below the channel's pace, and the test
  // asserts what was sent, not how fast.
  test.setTimeout(480_000);
  const cloud = await new FakeCloud().start();
  const server = await OwnServer.create('postgres', 3560 + testInfo.workerIndex, {
    WORKERS_IN_WEB: 'false', MESSAGE_SEND_EXPIRE_SECONDS: '10', FLOW_ADVANCE_EXPIRE_SECONDS: '15', QUEUE_MAINTENANCE_SECONDS: '5', CLOUD_API_TIMEOUT_MS: '3000',
    MESSAGE_RETRY_SCHEDULE: '1,1,1', SEND_STATUS_LAG_SECONDS: '10',
  });
  try {
    await server.start();
    let worker = server.startWorker();
    const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
    const account = await (await api.post('/api/test/account', { data: { country: 'MX' } })).json();
    const headers = { Authorization: `Token ${account.admin.key}` };
    const channel = await api.post('/api/channels', {
      headers, data: {
        name: 'Cloud', phone_number_id: 'PNFLOWKILL', business_account_id: 'WABAFLOWKILL', access_token: TOKEN, app_secret: 's',
        verify_token: 'v', base_url: cloud.baseUrl, api_version: 'v21.0', rate_limit: 400,
      },
    });
    expect(channel.status(), await channel.text()).toBe(201);
    cloud.callBackStatuses('PNFLOWKILL', `${server.baseURL}/api/channels/cloud-api/webhook/${(await channel.json()).id}`, 's');
    const flow = await api.post('/api/flow', {
      headers, data: {
        name: 'Three messages',
        steps: [
          { ordering_idx: 0, step_type: 'MESSAGE', body: 'one {{contact.canonical_phone}}', next_step_default_idx: 1 },
          { ordering_idx: 1, step_type: 'MESSAGE', body: 'two {{contact.canonical_phone}}', next_step_default_idx: 2 },
          { ordering_idx: 2, step_type: 'MESSAGE', body: 'three {{contact.canonical_phone}}' },
        ],
      },
    });
    expect(flow.status(), await flow.text()).toBe(201);
    const phones = Array.from({ length: 100 }, (_, i) => `+52155${String(20000000 + i)}`);
    const res = await api.post(`/api/flow/${(await flow.json()).id}/run`, {
      headers, data: { execute_for: 'LIST', contact_lists: [{ source: 'LIST', contact_list: phones.map((phone) => ({ phone })) }] },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = await res.json();

    await expect.poll(() => cloud.sends('PNFLOWKILL').length, { timeout: 120_000, intervals: [50] }).toBeGreaterThanOrEqual(40);
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));
    expect(cloud.sends('PNFLOWKILL').length).toBeLessThan(300);
    worker = server.startWorker();

    await expect.poll(async () => (await (await api.get(`/api/flow-execution/${id}`, { headers })).json()).status,
      { timeout: 300_000, intervals: [1000] }).toBe('COMPLETED');
    // Every message queued is sent once: the ones the kill cut short as their claims go stale.
    await expect.poll(() => cloud.sends('PNFLOWKILL').length, { timeout: 60_000, intervals: [500] }).toBeGreaterThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const bodies = cloud.sends('PNFLOWKILL').map((s) => (s.body as { text?: { body: string } }).text?.body ?? '');
    expect(new Set(bodies).size).toBe(bodies.length);
    expect(bodies.length).toBe(300);
    const done = await (await api.get(`/api/flow-execution/${id}`, { headers })).json();
    expect(done).toMatchObject({ completed: 100, pending: 0, active: 0, failed: 0, canceled: 0, expired: 0 });
    await api.dispose();
  } finally {
    await server.dispose();
    await cloud.stop();
  }
});
