import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { ISO, NOT_FOUND, NOT_PROVIDED, UUID, newAccount, uniquePhone, type TestAccount } from './factories';
import { Receiver } from './receiver';

// Webhook subscription routes (list, create, get, PUT, PATCH, DELETE) and delivery: signed,
// retried, ordered, logged, isolated.

let acme: TestAccount;
let other: TestAccount;
let receiver: Receiver;
let path = 0;
const nextPath = () => `/hook-${++path}-${Date.now()}`;

test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
  other = await newAccount(request);
  receiver = await new Receiver().start();
});
test.afterAll(async () => receiver.stop());

type Ctx = { request: import('@playwright/test').APIRequestContext };
async function subscribe({ request }: Ctx, account: TestAccount, data: Record<string, unknown>) {
  const res = await request.post('/api/webhook-subscription', { headers: account.admin.headers, data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test.describe('subscriptions', () => {
  test('create returns the subscription and its secret once; get, list, update, delete', async ({ request }) => {
    const account = await newAccount(request);
    const created = await subscribe({ request }, account, { events: ['contact.created'], target: receiver.url('/x'), id: 'ignored' });
    expect(created).toEqual({
      id: expect.stringMatching(UUID), is_active: true, events: ['contact.created'], target: receiver.url('/x'),
      created_on: expect.stringMatching(ISO), disabled_reason: null, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const { secret, ...shown } = created;
    expect(secret).toBeTruthy();
    const got = await request.get(`/api/webhook-subscription/${created.id}/`, { headers: account.agent.headers });
    expect(await got.json()).toEqual(shown);
    const list = await (await request.get('/api/webhook-subscription', { headers: account.admin.headers })).json();
    expect(list).toEqual({ count: 1, next: null, previous: null, results: [shown] });

    const put = await request.put(`/api/webhook-subscription/${created.id}`, {
      headers: account.admin.headers, data: { events: ['contact.updated', 'contact.deleted'], target: receiver.url('/y'), is_active: false },
    });
    expect(put.status()).toBe(200);
    expect(await put.json()).toMatchObject({ events: ['contact.updated', 'contact.deleted'], target: receiver.url('/y'), is_active: false });
    const putMissing = await request.put(`/api/webhook-subscription/${created.id}`, { headers: account.admin.headers, data: {} });
    expect(await putMissing.json()).toEqual({ events: ['This field is required.'], target: ['This field is required.'] });
    const patch = await request.patch(`/api/webhook-subscription/${created.id}`, { headers: account.admin.headers, data: { is_active: true } });
    expect(await patch.json()).toMatchObject({ is_active: true, events: ['contact.updated', 'contact.deleted'] });
    expect((await request.delete(`/api/webhook-subscription/${created.id}`, { headers: account.admin.headers })).status()).toBe(204);
    expect((await request.get(`/api/webhook-subscription/${created.id}`, { headers: account.admin.headers })).status()).toBe(404);
  });

  test('validates events and target', async ({ request }) => {
    const empty = await request.post('/api/webhook-subscription', { headers: acme.admin.headers, data: { events: [], target: 'https://example.com/h' } });
    expect(empty.status()).toBe(400);
    expect(await empty.json()).toEqual({ events: ['This list may not be empty.'] });
    const badItem = await request.post('/api/webhook-subscription', {
      headers: acme.admin.headers, data: { events: ['contact.created', 'contact.exploded'], target: 'https://example.com/h' },
    });
    expect(await badItem.json()).toEqual({ events: { 1: ['"contact.exploded" is not a valid choice.'] } });
    for (const target of ['ftp://example.com/h', 'not a url', `https://example.com/${'a'.repeat(250)}`]) {
      const res = await request.post('/api/webhook-subscription', { headers: acme.admin.headers, data: { events: ['contact.created'], target } });
      expect(res.status(), target).toBe(400);
      expect(Object.keys(await res.json())).toEqual(['target']);
    }
    const missing = await request.post('/api/webhook-subscription', { headers: acme.admin.headers, data: {} });
    expect(await missing.json()).toEqual({ events: ['This field is required.'], target: ['This field is required.'] });
  });

  test('refuses targets on private, link-local and metadata addresses not in the allow-list', async ({ request }) => {
    for (const target of ['http://10.1.2.3/h', 'http://169.254.169.254/latest/meta-data', 'http://192.168.1.1/h', 'http://[fe80::1]/h', 'http://0.0.0.0/h']) {
      const res = await request.post('/api/webhook-subscription', { headers: acme.admin.headers, data: { events: ['contact.created'], target } });
      expect(res.status(), target).toBe(400);
      expect((await res.json()).target[0]).toMatch(/private or reserved/);
    }
  });

  test('another account\'s subscription is a 404 everywhere; unauthenticated is a 401', async ({ request }) => {
    const mine = await subscribe({ request }, acme, { events: ['contact.created'], target: receiver.url('/iso') });
    const h = other.admin.headers;
    for (const res of [
      await request.get(`/api/webhook-subscription/${mine.id}`, { headers: h }),
      await request.put(`/api/webhook-subscription/${mine.id}`, { headers: h, data: { events: ['contact.created'], target: receiver.url('/z') } }),
      await request.patch(`/api/webhook-subscription/${mine.id}`, { headers: h, data: { is_active: false } }),
      await request.delete(`/api/webhook-subscription/${mine.id}`, { headers: h }),
      await request.get(`/api/webhook-subscription/${mine.id}/deliveries`, { headers: h }),
      await request.get(`/api/webhook-subscription/${mine.id}/secret`, { headers: h }),
      await request.post(`/api/webhook-subscription/${mine.id}/test`, { headers: h }),
      await request.get('/api/webhook-subscription/not-a-uuid', { headers: h }),
    ]) {
      expect(res.status()).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
    const theirs = await (await request.get('/api/webhook-subscription', { headers: h })).json();
    expect(theirs.results.map((s: { id: string }) => s.id)).not.toContain(mine.id);
    for (const res of [
      await request.get('/api/webhook-subscription'),
      await request.post('/api/webhook-subscription', { data: {} }),
      await request.get(`/api/webhook-subscription/${mine.id}`),
      await request.put(`/api/webhook-subscription/${mine.id}`, { data: {} }),
      await request.patch(`/api/webhook-subscription/${mine.id}`, { data: {} }),
      await request.delete(`/api/webhook-subscription/${mine.id}`),
    ]) {
      expect(res.status()).toBe(401);
      expect(await res.json()).toEqual(NOT_PROVIDED);
    }
  });

  test('the secret is revealed to admins only and rotation signs with both secrets for a while', async ({ request }) => {
    const account = await newAccount(request);
    const target = nextPath();
    const sub = await subscribe({ request }, account, { events: ['contact.created'], target: receiver.url(target) });
    expect((await request.get(`/api/webhook-subscription/${sub.id}/secret`, { headers: account.agent.headers })).status()).toBe(403);
    const shown = await (await request.get(`/api/webhook-subscription/${sub.id}/secret`, { headers: account.admin.headers })).json();
    expect(shown).toEqual({ secret: sub.secret, previous_secret: null, previous_secret_expires_on: null });
    const rotated = await (await request.post(`/api/webhook-subscription/${sub.id}/secret/rotate`, { headers: account.admin.headers })).json();
    expect(rotated.secret).not.toBe(sub.secret);
    expect(rotated.previous_secret).toBe(sub.secret);
    expect(new Date(rotated.previous_secret_expires_on).getTime() - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    await request.post('/api/contact', { headers: account.admin.headers, data: { phone: uniquePhone() } });
    await expect.poll(() => receiver.at(target).length).toBe(1);
    const [hit] = receiver.at(target);
    expect(String(hit.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [sub.secret, rotated.secret]) {
      expect(() => new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>)).not.toThrow();
    }
  });

  test('a password in the target is for admins: an agent reads it masked and cannot search for it', async ({ request }) => {
    const account = await newAccount(request);
    const target = 'https://hooks:s3cret-pass@93.184.216.34/engage';
    const created = await request.post('/api/webhook-subscription', { headers: account.admin.headers, data: { events: ['contact.created'], target } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = await created.json();
    expect((await (await request.get(`/api/webhook-subscription/${id}`, { headers: account.admin.headers })).json()).target).toBe(target);
    const masked = 'https://hooks:********@93.184.216.34/engage';
    expect((await (await request.get(`/api/webhook-subscription/${id}`, { headers: account.agent.headers })).json()).target).toBe(masked);
    const listed = await (await request.get('/api/webhook-subscription', { headers: account.agent.headers })).json();
    expect(listed.results.map((s: { target: string }) => s.target)).toEqual([masked]);
    for (const headers of [account.agent.headers, account.admin.headers]) {
      expect((await (await request.get('/api/webhook-subscription?search=s3cret', { headers })).json()).count).toBe(0);
      expect((await (await request.get('/api/webhook-subscription?search=hooks@93.184', { headers })).json()).count).toBe(1);
    }
  });
});

test.describe('delivery', () => {
  test('a contact created through the API arrives signed, verifiable, as the API serializes it', async ({ request }) => {
    const account = await newAccount(request);
    const target = nextPath();
    const sub = await subscribe({ request }, account, { events: ['contact.created', 'contact.updated', 'contact.deleted'], target: receiver.url(target) });
    const contact = await (await request.post('/api/contact', {
      headers: account.admin.headers, data: { phone: uniquePhone(), first_name: 'Hook', tags: [{ name: 'vip' }], notes: 'hi' },
    })).json();
    await expect.poll(() => receiver.at(target).length).toBe(1);
    const [hit] = receiver.at(target);
    const payload = new Webhook(sub.secret).verify(hit.body, hit.headers as Record<string, string>) as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(['created_on', 'data', 'id', 'type']);
    expect(payload).toMatchObject({ id: hit.headers['webhook-id'], type: 'contact.created', created_on: expect.stringMatching(ISO) });
    const current = await (await request.get(`/api/contact/${contact.id}`, { headers: account.admin.headers })).json();
    expect(payload.data).toEqual(current);
    expect(hit.headers['content-type']).toBe('application/json');
  });

  test('a receiver failing three times gets the event once, after four logged attempts', async ({ request }) => {
    const account = await newAccount(request);
    const target = nextPath();
    receiver.on(target, (n) => ({ status: n <= 3 ? 503 : 200 }));
    const sub = await subscribe({ request }, account, { events: ['contact.created'], target: receiver.url(target) });
    await request.post('/api/contact', { headers: account.admin.headers, data: { phone: uniquePhone() } });
    await expect.poll(() => receiver.at(target).length, { timeout: 30_000 }).toBe(4);
    const ids = new Set(receiver.at(target).map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    await expect.poll(async () => (await (await request.get(`/api/webhook-subscription/${sub.id}/deliveries`, {
      headers: account.admin.headers,
    })).json()).results[0]?.status).toBe('SUCCEEDED');
    const log = await (await request.get(`/api/webhook-subscription/${sub.id}/deliveries`, { headers: account.admin.headers })).json();
    expect(log.count).toBe(1);
    expect(log.results[0]).toMatchObject({ status: 'SUCCEEDED', attempts: 4, event_type: 'contact.created' });
    const detail = await (await request.get(`/api/webhook-delivery/${log.results[0].id}`, { headers: account.admin.headers })).json();
    expect(detail.attempt_log.map((a: { response_status: number }) => a.response_status)).toEqual([503, 503, 503, 200]);
    expect(detail.attempt_log[0]).toEqual({
      id: expect.any(Number), request_headers: expect.objectContaining({ 'webhook-id': expect.any(String) }),
      request_body: expect.any(String), response_status: 503, response_body: 'failing on purpose (1)',
      duration_ms: expect.any(Number), error: null, created_on: expect.stringMatching(ISO),
    });
    await new Promise((r) => setTimeout(r, 2500));
    expect(receiver.at(target)).toHaveLength(4); // nothing after the success
  });

  test('410 Gone disables the subscription and says why', async ({ request }) => {
    const account = await newAccount(request);
    const target = nextPath();
    receiver.on(target, () => ({ status: 410 }));
    const sub = await subscribe({ request }, account, { events: ['contact.created'], target: receiver.url(target) });
    await request.post('/api/contact', { headers: account.admin.headers, data: { phone: uniquePhone() } });
    await expect.poll(async () => (await (await request.get(`/api/webhook-subscription/${sub.id}`, { headers: account.admin.headers })).json()).is_active).toBe(false);
    const after = await (await request.get(`/api/webhook-subscription/${sub.id}`, { headers: account.admin.headers })).json();
    expect(after.disabled_reason).toMatch(/410 Gone/);
    await request.post('/api/contact', { headers: account.admin.headers, data: { phone: uniquePhone() } });
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.at(target)).toHaveLength(1);
  });

  test('an inactive subscription and events not picked get nothing; another account never sees these events', async ({ request }) => {
    const account = await newAccount(request);
    const inactive = nextPath();
    const deletedOnly = nextPath();
    const foreign = nextPath();
    await subscribe({ request }, account, { events: ['contact.created'], target: receiver.url(inactive), is_active: false });
    await subscribe({ request }, account, { events: ['contact.deleted'], target: receiver.url(deletedOnly) });
    await subscribe({ request }, other, { events: ['contact.created', 'contact.updated', 'contact.deleted'], target: receiver.url(foreign) });
    const c = await (await request.post('/api/contact', { headers: account.admin.headers, data: { phone: uniquePhone() } })).json();
    await request.patch(`/api/contact/${c.id}`, { headers: account.admin.headers, data: { first_name: 'x' } });
    await request.delete(`/api/contact/${c.id}`, { headers: account.admin.headers });
    await expect.poll(() => receiver.at(deletedOnly).length).toBe(1);
    expect(JSON.parse(receiver.at(deletedOnly)[0].body)).toMatchObject({ type: 'contact.deleted', data: { id: c.id, is_deleted: true } });
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.at(inactive)).toHaveLength(0);
    expect(receiver.at(foreign)).toHaveLength(0);
  });

  test('events of one contact arrive in the order they happened, even when the first is retried', async ({ request }) => {
    const account = await newAccount(request);
    const target = nextPath();
    receiver.on(target, (n) => ({ status: n === 1 ? 500 : 200 }));
    await subscribe({ request }, account, { events: ['contact.created', 'contact.updated', 'contact.deleted'], target: receiver.url(target) });
    const c = await (await request.post('/api/contact', { headers: account.admin.headers, data: { phone: uniquePhone() } })).json();
    await request.patch(`/api/contact/${c.id}`, { headers: account.admin.headers, data: { first_name: 'one' } });
    await request.patch(`/api/contact/${c.id}`, { headers: account.admin.headers, data: { first_name: 'two' } });
    await request.delete(`/api/contact/${c.id}`, { headers: account.admin.headers });
    await expect.poll(() => receiver.at(target).length, { timeout: 30_000 }).toBe(5);
    const delivered = receiver.at(target).slice(1).map((r) => JSON.parse(r.body));
    expect(delivered.map((p) => p.type)).toEqual(['contact.created', 'contact.updated', 'contact.updated', 'contact.deleted']);
    expect(delivered.map((p) => p.data.first_name)).toEqual([null, 'one', 'two', 'two']);
  });

  test('a test event, a resend and a resend of all failed since a time', async ({ request }) => {
    const account = await newAccount(request);
    const target = nextPath();
    let failing = true;
    receiver.on(target, () => ({ status: failing ? 500 : 200 }));
    const sub = await subscribe({ request }, account, { events: ['contact.updated'], target: receiver.url(target) });
    const since = new Date(Date.now() - 1000).toISOString();
    const byAgent = await request.post(`/api/webhook-subscription/${sub.id}/test`, { headers: account.agent.headers });
    expect(byAgent.status()).toBe(403);
    const test1 = await request.post(`/api/webhook-subscription/${sub.id}/test`, { headers: account.admin.headers });
    expect(test1.status()).toBe(202);
    const { delivery } = await test1.json();
    // While it is still being attempted, a resend would deliver it twice.
    const early = await request.post(`/api/webhook-delivery/${delivery}/resend`, { headers: account.admin.headers });
    expect(early.status()).toBe(400);
    expect(await early.json()).toEqual({ non_field_errors: ['This delivery is still being attempted: resend it once it has succeeded or failed.'] });
    await expect.poll(async () => (await (await request.get(`/api/webhook-delivery/${delivery}`, {
      headers: account.admin.headers,
    })).json()).status, { timeout: 30_000 }).toBe('FAILED');
    expect(receiver.at(target)).toHaveLength(8); // first attempt and seven retries
    failing = false;
    const resent = await request.post(`/api/webhook-subscription/${sub.id}/deliveries/resend`, { headers: account.admin.headers, data: { since } });
    expect(resent.status()).toBe(202);
    expect(await resent.json()).toEqual({ resent: 1 });
    await expect.poll(() => receiver.at(target).length).toBe(9);
    const last = JSON.parse(receiver.at(target)[8].body);
    expect(last).toMatchObject({ type: 'contact.updated', data: { first_name: 'Test' } });
    // The event has been delivered by that resend: asking again sends nothing (its first delivery still failed).
    await expect.poll(async () => (await (await request.post(`/api/webhook-subscription/${sub.id}/deliveries/resend`, {
      headers: account.admin.headers, data: { since },
    })).json()).resent).toBe(0);
    const one = await request.post(`/api/webhook-delivery/${delivery}/resend`, { headers: account.admin.headers });
    expect(one.status()).toBe(202);
    await expect.poll(() => receiver.at(target).length).toBe(10);
    expect((await request.post(`/api/webhook-delivery/${delivery}/resend`, { headers: account.agent.headers })).status()).toBe(403);
    expect((await request.post(`/api/webhook-delivery/${delivery}/resend`, { headers: other.admin.headers })).status()).toBe(404);
    expect((await request.get(`/api/webhook-delivery/${delivery}`, { headers: other.admin.headers })).status()).toBe(404);
    const bad = await request.post(`/api/webhook-subscription/${sub.id}/deliveries/resend`, { headers: account.admin.headers, data: { since: 'yesterday' } });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ since: ['Datetime has wrong format. Use ISO 8601.'] });
    const naive = await request.post(`/api/webhook-subscription/${sub.id}/deliveries/resend`, { headers: account.admin.headers, data: { since: '2026-11-30T00:00:00' } });
    expect(await naive.json()).toEqual({ since: ['Datetime has wrong format. Use ISO 8601 with a time zone offset: add Z for UTC or one such as -06:00.'] });
    // A subscription switched off is told so, rather than given a delivery that cannot be attempted.
    await request.patch(`/api/webhook-subscription/${sub.id}`, { headers: account.admin.headers, data: { is_active: false } });
    const offTest = await request.post(`/api/webhook-subscription/${sub.id}/test`, { headers: account.admin.headers });
    expect(offTest.status()).toBe(400);
    expect(await offTest.json()).toEqual({ non_field_errors: ['This subscription is switched off: switch it on to send a test event.'] });
    const offOne = await request.post(`/api/webhook-delivery/${delivery}/resend`, { headers: account.admin.headers });
    expect([offOne.status(), await offOne.json()]).toEqual([400, { non_field_errors: ['This subscription is switched off: switch it on to resend.'] }]);
    const offAll = await request.post(`/api/webhook-subscription/${sub.id}/deliveries/resend`, { headers: account.admin.headers, data: { since } });
    expect([offAll.status(), await offAll.json()]).toEqual([400, { non_field_errors: ['This subscription is switched off: switch it on to resend its deliveries.'] }]);
  });

  test('deliveries sent in one batch are settled each on its own: one subscription gone, one retried, one fine', async ({ request }) => {
    const account = await newAccount(request);
    const [gone, flaky, fine] = [nextPath(), nextPath(), nextPath()];
    receiver.on(gone, () => ({ status: 410 }));
    receiver.on(flaky, (n) => ({ status: n <= 5 ? 503 : 200 }));
    const subs = {
      gone: await subscribe({ request }, account, { events: ['contact.created'], target: receiver.url(gone) }),
      flaky: await subscribe({ request }, account, { events: ['contact.created'], target: receiver.url(flaky) }),
      fine: await subscribe({ request }, account, { events: ['contact.created'], target: receiver.url(fine) }),
    };
    // One import transaction records five events: fifteen deliveries, queued together.
    const phones = Array.from({ length: 5 }, () => uniquePhone());
    const upload = await request.post('/api/contact/upload', {
      headers: { ...account.admin.headers, 'Content-Type': 'text/csv' }, data: Buffer.from(`phone\n${phones.join('\n')}\n`),
    });
    expect(upload.status()).toBe(200);
    await expect.poll(() => receiver.at(fine).length, { timeout: 30_000 }).toBe(5);
    await expect.poll(() => receiver.at(flaky).length, { timeout: 30_000 }).toBe(10); // five refused, five retried
    const read = async (id: string) => (await request.get(`/api/webhook-subscription/${id}`, { headers: account.admin.headers })).json();
    expect(await read(subs.gone.id)).toMatchObject({ is_active: false, disabled_reason: expect.stringMatching(/410 Gone/) });
    expect(await read(subs.flaky.id)).toMatchObject({ is_active: true, disabled_reason: null });
    expect(await read(subs.fine.id)).toMatchObject({ is_active: true, disabled_reason: null });
    expect(receiver.at(gone).length).toBeLessThanOrEqual(5);
    const delivered = (target: string) => new Set(receiver.at(target).map((r) => JSON.parse(r.body).data.canonical_phone));
    expect(delivered(fine)).toEqual(delivered(flaky));
    expect(delivered(fine).size).toBe(5);
    const log = await (await request.get(`/api/webhook-subscription/${subs.flaky.id}/deliveries`, { headers: account.admin.headers })).json();
    expect(log.results.map((d: { status: string }) => d.status)).toEqual(Array(5).fill('SUCCEEDED'));
  });

  test('an attempt is logged at the time it was made, not when the slowest attempt of its batch ended', async ({ request }) => {
    const account = await newAccount(request);
    const [slow, quick] = [nextPath(), nextPath()];
    receiver.on(slow, () => ({ status: 200, delayMs: 3_000 }));
    const subs = {
      slow: await subscribe({ request }, account, { events: ['contact.created'], target: receiver.url(slow) }),
      quick: await subscribe({ request }, account, { events: ['contact.created'], target: receiver.url(quick) }),
    };
    // One contact, one event: its two deliveries are queued together and sent as one batch.
    expect((await request.post('/api/contact', { headers: account.admin.headers, data: { phone: uniquePhone() } })).status()).toBe(201);
    await expect.poll(() => receiver.at(slow).length + receiver.at(quick).length, { timeout: 30_000 }).toBe(2);
    const logged = async (sub: string) => {
      const page = await (await request.get(`/api/webhook-subscription/${sub}/deliveries`, { headers: account.admin.headers })).json();
      return (await request.get(`/api/webhook-delivery/${page.results[0].id}`, { headers: account.admin.headers })).json();
    };
    await expect.poll(async () => (await logged(subs.slow.id)).status, { timeout: 30_000 }).toBe('SUCCEEDED');
    const quickly = await logged(subs.quick.id);
    const receivedAt = receiver.at(quick)[0].at;
    expect(Math.abs(new Date(quickly.attempt_log[0].created_on).getTime() - receivedAt)).toBeLessThan(1_500);
    expect(Math.abs(new Date(quickly.last_attempt_on).getTime() - receivedAt)).toBeLessThan(1_500);
    expect(quickly.attempt_log[0].duration_ms).toBeLessThan(1_500);
  });

  test('a CSV import sends contact.created and contact.updated for the contacts it changes', async ({ request }) => {
    const account = await newAccount(request);
    const target = nextPath();
    await subscribe({ request }, account, { events: ['contact.created', 'contact.updated'], target: receiver.url(target) });
    const existing = await (await request.post('/api/contact', { headers: account.admin.headers, data: { phone: '+525511112222' } })).json();
    await expect.poll(() => receiver.at(target).length).toBe(1);
    const csv = 'phone,first_name\n55 1111 2222,Existing\n+52 55 3333 4444,New\n';
    const upload = await request.post('/api/contact/upload', {
      headers: { ...account.admin.headers, 'Content-Type': 'text/csv' }, data: Buffer.from(csv),
    });
    expect(upload.status()).toBe(200);
    await expect.poll(() => receiver.at(target).length, { timeout: 30_000 }).toBe(3);
    const events = receiver.at(target).slice(1).map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.type).sort()).toEqual(['contact.created', 'contact.updated']);
    expect(events.find((e) => e.type === 'contact.updated').data).toMatchObject({ id: existing.id, first_name: 'Existing' });
    expect(events.find((e) => e.type === 'contact.created').data).toMatchObject({ canonical_phone: '+525533334444', source: 'import' });
  });

  test('a write that leaves the contact as it is announces nothing and keeps last_updated_on', async ({ request }) => {
    const account = await newAccount(request);
    const h = account.admin.headers;
    const target = nextPath();
    await subscribe({ request }, account, { events: ['contact.created', 'contact.updated'], target: receiver.url(target) });
    const phone = uniquePhone();
    const body = { phone, first_name: 'Ana', meta: { plan: 'gold' }, tags: [{ name: 'VIP' }], default_assignees: [{ id: account.agent.id }], notes: 'Prefers mornings' };
    const made = await (await request.post('/api/contact', { headers: h, data: body })).json();
    await expect.poll(() => receiver.at(target).length).toBe(1);

    // Sent again (a tag in another case, the number in another spelling), patched with what it holds, imported as it is.
    const again = await request.post('/api/contact', { headers: h, data: { ...body, phone: `${phone.slice(0, 3)} ${phone.slice(3, 5)} ${phone.slice(5)}`, tags: [{ name: 'vip' }], notes: [] } });
    expect(again.status()).toBe(201);
    expect(await again.json()).toMatchObject({ id: made.id, last_updated_on: made.last_updated_on });
    expect((await (await request.patch(`/api/contact/${made.id}`, { headers: h, data: { first_name: 'Ana', opted_out: false } })).json()).last_updated_on)
      .toBe(made.last_updated_on);
    // Saved unedited from the dashboard's form: a replacement with every field, tag, assignee and note as they are.
    const full = await (await request.get(`/api/contact/${made.id}`, { headers: h })).json();
    const resaved = await request.put(`/api/contact/${made.id}`, { headers: h, data: {
      phone: full.phone, first_name: full.first_name, meta: full.meta, tags: full.tags,
      default_assignees: full.default_assignees.map((a: { id: number }) => ({ id: a.id })), notes: full.notes,
    } });
    expect((await resaved.json()).last_updated_on).toBe(made.last_updated_on);
    const upload = await request.post('/api/contact/upload', { headers: { ...h, 'Content-Type': 'text/csv' }, data: `phone,first_name,plan,tags\n${phone},Ana,gold,VIP\n` });
    const id = (await upload.json()).upload_group_id;
    await expect.poll(async () => (await (await request.get(`/api/contact/upload/${id}`, { headers: h })).json()).status, { timeout: 30_000 }).toBe('COMPLETED');
    expect(await (await request.get(`/api/contact/upload/${id}`, { headers: h })).json()).toMatchObject({ created: 0, updated: 0, unchanged: 1 });

    // A real change is announced, after nothing else was.
    await request.patch(`/api/contact/${made.id}`, { headers: h, data: { tags: [{ name: 'new' }] } });
    await expect.poll(() => receiver.at(target).length).toBe(2);
    await new Promise((r) => setTimeout(r, 500));
    const events = receiver.at(target).map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.type)).toEqual(['contact.created', 'contact.updated']);
    expect(events[1].data.tags.map((t: { name: string }) => t.name).sort()).toEqual(['VIP', 'new']);
  });
});
