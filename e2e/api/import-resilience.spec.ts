import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { contactsCsv } from '../../lib/test-support/contacts-csv';
import { OwnServer } from './own-server';

// Imports that survive, on a stock Postgres with servers of their own: an account with 20 webhook
// subscriptions imports 20,000 rows (each batch records events for every subscription, without a
// lock per subscription and contact); and an import whose worker process is killed resumes on the
// next worker from its last committed batch, with exact counts. (A separate worker process needs
// Postgres; the embedded database is one process's.)

const file = contactsCsv({ rows: 20_000, seed: 11 });

async function account(api: APIRequestContext) {
  const created = await (await api.post('/api/test/account', { data: { country: 'MX' } })).json();
  return { Authorization: `Token ${created.admin.key}` };
}

async function upload(api: APIRequestContext, headers: Record<string, string>) {
  const res = await api.post('/api/contact/upload', { headers: { ...headers, 'Content-Type': 'text/csv' }, data: file.text });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).upload_group_id as string;
}

async function report(api: APIRequestContext, headers: Record<string, string>, id: string) {
  return (await api.get(`/api/contact/upload/${id}?rejected_rows=0`, { headers })).json();
}

test('an account with 20 webhook subscriptions imports 20,000 rows', async ({}, testInfo) => {
  test.setTimeout(300_000);
  // The deliveries are recorded, as in production, but not sent: 400,000 of them would only load the machine.
  const server = await OwnServer.create('postgres', 3560 + testInfo.workerIndex, {
    WORKER_QUEUES: 'contact-import,contact-import-resume,message-send,sandbox-status,template-sync,template-sync-all',
  });
  try {
    await server.start();
    const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
    const headers = await account(api);
    for (let i = 0; i < 20; i++) {
      const res = await api.post('/api/webhook-subscription', {
        headers, data: { events: ['contact.created', 'contact.updated'], target: `http://127.0.0.1:9/hook-${i}` },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const id = await upload(api, headers);
    await expect.poll(async () => (await report(api, headers, id)).status, { timeout: 240_000, intervals: [1000] }).toMatch(/COMPLETED|FAILED/);
    expect(await report(api, headers, id)).toMatchObject({
      status: 'COMPLETED', error: null, rows: 20_000, rejected: file.rejected, created: file.distinct, updated: file.repeats,
    });
    await api.dispose();
  } finally {
    await server.dispose();
  }
});

test('an import whose worker is killed resumes on the next worker, with exact counts', async ({}, testInfo) => {
  test.setTimeout(300_000);
  const server = await OwnServer.create('postgres', 3570 + testInfo.workerIndex, { WORKERS_IN_WEB: 'false' });
  try {
    await server.start();
    let worker = server.startWorker();
    const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
    const headers = await account(api);
    const id = await upload(api, headers);
    await expect.poll(async () => (await report(api, headers, id)).rows, { timeout: 120_000, intervals: [100] }).toBeGreaterThan(0);
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));
    const atKill = await report(api, headers, id);
    expect(atKill).toMatchObject({ status: 'PROCESSING' });
    expect(atKill.rows).toBeLessThan(20_000);
    const restarted = Date.now();
    worker = server.startWorker();
    await expect.poll(async () => (await report(api, headers, id)).status, { timeout: 180_000, intervals: [500] }).toBe('COMPLETED');
    // Taken up within a minute and a half of the new worker's start (a stalled import is noticed
    // after 30 s, by a check that runs every minute), then finished.
    console.log(`import resumed and finished ${((Date.now() - restarted) / 1000).toFixed(1)} s after the new worker started`);
    expect(await report(api, headers, id)).toMatchObject({
      status: 'COMPLETED', error: null, rows: 20_000, rejected: file.rejected, created: file.distinct, updated: file.repeats,
    });
    const contacts = await (await api.get('/api/contact?page_size=1', { headers })).json();
    expect(contacts.count).toBe(file.distinct);
    await api.dispose();
  } finally {
    await server.dispose();
  }
});
