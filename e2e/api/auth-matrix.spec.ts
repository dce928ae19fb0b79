import { expect, test } from '@playwright/test';
import { NOT_FOUND, NOT_PROVIDED, newAccount, uniquePhone } from './factories';
import { Receiver } from './receiver';

// Every authenticated endpoint, in one table: without credentials each is a DRF 401; the
// admin-only ones are a 403 for an agent; another account's webhook resources are a 404. The
// per-resource specs cover the happy paths and validation.

const U = '00000000-0000-4000-8000-000000000001';
const AUTHENTICATED: [string, string][] = [
  ['GET', '/api/account-member'], ['GET', '/api/user'], ['GET', '/api/me'],
  // Running the account: settings, members, links, one's own profile and password, teams.
  ['GET', '/api/account'], ['PATCH', '/api/account'],
  ['POST', '/api/account-member'], ['GET', '/api/account-member/1'], ['PATCH', '/api/account-member/1'],
  ['POST', '/api/account-member/1/reset-link'],
  ['PATCH', '/api/me'], ['POST', '/api/me/password'],
  ['GET', '/api/team'], ['POST', '/api/team'], ['GET', '/api/team/1'], ['PATCH', '/api/team/1'], ['DELETE', '/api/team/1'],
  ['GET', '/api/contact'], ['POST', '/api/contact'], ['GET', '/api/contact/export'], ['POST', '/api/contact/bulk'],
  ['GET', `/api/contact/${U}`], ['PUT', `/api/contact/${U}`], ['PATCH', `/api/contact/${U}`], ['DELETE', `/api/contact/${U}`],
  ['DELETE', `/api/contact/${U}/notes/1`],
  ['GET', '/api/contact/upload'], ['POST', '/api/contact/upload'], ['GET', `/api/contact/upload/${U}`], ['GET', `/api/contact/upload/${U}/rejected`],
  ['GET', '/api/dev/api-keys'], ['POST', '/api/dev/api-keys'], ['DELETE', '/api/dev/api-keys/1'],
  ['GET', '/api/channels'], ['POST', '/api/channels'], ['GET', '/api/channels/1'], ['PATCH', '/api/channels/1'], ['DELETE', '/api/channels/1'],
  ['POST', '/api/channels/1/sync-templates'], ['POST', '/api/channels/1/test-credentials'],
  ['GET', '/api/channels/chat/template'], ['POST', '/api/channels/chat/template'], ['GET', `/api/channels/chat/template/${U}`],
  ['DELETE', `/api/channels/chat/template/${U}`], ['POST', `/api/channels/chat/template/${U}/send`],
  ['POST', '/api/channels/sandbox/inbound'], ['GET', '/api/channels/sandbox/messages'],
  ['GET', '/api/inbox/conversation'], ['GET', `/api/inbox/conversation/${U}`],
  ['GET', `/api/inbox/conversation/${U}/messages`], ['POST', `/api/inbox/conversation/${U}/messages`],
  ['PUT', `/api/inbox/conversation/${U}/update`], ['PATCH', `/api/inbox/conversation/${U}/update`],
  ['POST', '/api/inbox/attachment'], ['GET', '/api/quick-reply'], ['POST', '/api/quick-reply'], ['GET', `/api/quick-reply/${U}`],
  ['PUT', `/api/quick-reply/${U}`], ['PATCH', `/api/quick-reply/${U}`], ['DELETE', `/api/quick-reply/${U}`],
  ['GET', '/api/webhook-subscription'], ['POST', '/api/webhook-subscription'],
  ['GET', `/api/webhook-subscription/${U}`], ['PUT', `/api/webhook-subscription/${U}`], ['PATCH', `/api/webhook-subscription/${U}`],
  ['DELETE', `/api/webhook-subscription/${U}`], ['GET', `/api/webhook-subscription/${U}/deliveries`],
  ['POST', `/api/webhook-subscription/${U}/deliveries/resend`], ['GET', `/api/webhook-subscription/${U}/secret`],
  ['POST', `/api/webhook-subscription/${U}/secret/rotate`], ['POST', `/api/webhook-subscription/${U}/test`],
  ['GET', `/api/webhook-delivery/${U}`], ['POST', `/api/webhook-delivery/${U}/resend`], ['POST', `/api/webhook-delivery/${U}/retry`],
];

test('every authenticated endpoint is a DRF 401 without credentials, and with a revoked-looking key', async ({ request }) => {
  for (const [method, path] of AUTHENTICATED) {
    const res = await request.fetch(path, { method, data: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(res.status(), `${method} ${path}`).toBe(401);
    expect(res.headers()['www-authenticate'], `${method} ${path}`).toBe('Token');
    expect(await res.json(), `${method} ${path}`).toEqual(NOT_PROVIDED);
    const bad = await request.fetch(path, { method, headers: { Authorization: 'Token ek_revoked' } });
    expect(await bad.json(), `${method} ${path}`).toEqual({ detail: 'Invalid token.' });
  }
});

test('admin-only endpoints refuse agents; webhook resources of another account are not found', async ({ request }) => {
  const acme = await newAccount(request);
  const other = await newAccount(request);
  const receiver = await new Receiver().start();
  try {
    const sub = await (await request.post('/api/webhook-subscription', {
      headers: acme.admin.headers, data: { events: ['contact.created'], target: receiver.url('/m') },
    })).json();
    await request.post('/api/contact', { headers: acme.admin.headers, data: { phone: uniquePhone() } });
    await expect.poll(async () => (await (await request.get(`/api/webhook-subscription/${sub.id}/deliveries`, {
      headers: acme.admin.headers,
    })).json()).count).toBe(1);
    const delivery = (await (await request.get(`/api/webhook-subscription/${sub.id}/deliveries`, { headers: acme.admin.headers })).json()).results[0];
    const since = { since: '2000-01-01T00:00:00Z' };
    const team = await (await request.post('/api/team', { headers: acme.admin.headers, data: { name: `Desk ${Date.now()}` } })).json();
    const channel = (await (await request.get('/api/channels', { headers: acme.admin.headers })).json()).results[0];
    const template = (await (await request.get('/api/channels/chat/template', { headers: acme.admin.headers })).json()).results[0];
    const adminOnly: [string, string, object?][] = [
      ['POST', '/api/webhook-subscription', { events: ['contact.created'], target: receiver.url('/agent') }],
      ['PUT', `/api/webhook-subscription/${sub.id}`, { events: ['contact.created'], target: receiver.url('/agent') }],
      ['PATCH', `/api/webhook-subscription/${sub.id}`, { is_active: false }],
      ['DELETE', `/api/webhook-subscription/${sub.id}`],
      ['GET', `/api/webhook-subscription/${sub.id}/secret`],
      ['POST', `/api/webhook-subscription/${sub.id}/secret/rotate`],
      ['POST', `/api/webhook-subscription/${sub.id}/deliveries/resend`, since],
      ['POST', `/api/webhook-delivery/${delivery.id}/resend`],
      ['POST', `/api/webhook-delivery/${delivery.id}/retry`],
      // The delivery log: payloads carry contacts and messages an agent may not see in the inbox.
      ['GET', `/api/webhook-subscription/${sub.id}/deliveries`],
      ['GET', `/api/webhook-delivery/${delivery.id}`],
      ['GET', '/api/dev/api-keys'], ['POST', '/api/dev/api-keys', { name: 'x' }],
      ['PATCH', '/api/account', { name: 'Agent rename' }],
      ['POST', '/api/account-member', { email: `agent-adds-${Date.now()}@test.example`, role: 'AGENT' }],
      ['PATCH', `/api/account-member/${acme.agent.id}`, { role: 'ADMIN' }],
      ['POST', `/api/account-member/${acme.admin.id}/reset-link`],
      ['POST', '/api/team', { name: 'Agent team' }],
      ['PATCH', `/api/team/${team.id}`, { name: 'Renamed by an agent', members: [{ id: acme.agent.id }] }],
      ['DELETE', `/api/team/${team.id}`],
      ['PATCH', `/api/channels/${channel.id}`, { name: 'Agent channel' }],
      ['DELETE', `/api/channels/${channel.id}`],
      ['DELETE', `/api/channels/chat/template/${template.id}`],
    ];
    for (const [method, path, data] of adminOnly) {
      const res = await request.fetch(path, { method, headers: acme.agent.headers, data });
      expect(res.status(), `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    const agentCanRead = await request.get(`/api/webhook-subscription/${sub.id}`, { headers: acme.agent.headers });
    expect(agentCanRead.status()).toBe(200);
    // Nothing the agent tried changed: the team keeps its name and members.
    expect(await (await request.get(`/api/team/${team.id}`, { headers: acme.admin.headers })).json()).toMatchObject({ name: team.name, members: [] });
    expect((await request.get(`/api/channels/chat/template/${template.id}`, { headers: acme.admin.headers })).status()).toBe(200);

    const foreign: [string, string, object?][] = [
      ['GET', `/api/webhook-subscription/${sub.id}/deliveries`],
      ['POST', `/api/webhook-subscription/${sub.id}/deliveries/resend`, since],
      ['POST', `/api/webhook-subscription/${sub.id}/secret/rotate`],
      ['GET', `/api/webhook-delivery/${delivery.id}`],
      ['POST', `/api/webhook-delivery/${delivery.id}/resend`],
      ['POST', `/api/webhook-delivery/${delivery.id}/retry`],
      // The delivery log: payloads carry contacts and messages an agent may not see in the inbox.
      ['GET', `/api/webhook-subscription/${sub.id}/deliveries`],
      ['GET', `/api/webhook-delivery/${delivery.id}`],
      ['GET', '/api/webhook-delivery/not-a-uuid'],
    ];
    for (const [method, path, data] of foreign) {
      const res = await request.fetch(path, { method, headers: other.admin.headers, data });
      expect(res.status(), `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
    const badStatus = await request.get(`/api/webhook-subscription/${sub.id}/deliveries?status=LOST`, { headers: acme.admin.headers });
    expect(badStatus.status()).toBe(400);
    expect(await badStatus.json()).toEqual({ status: ['Select a valid choice. LOST is not one of the available choices.'] });
  } finally {
    await receiver.stop();
  }
});

test('a PUT without is_active leaves a subscription the system disabled switched off', async ({ request }) => {
  const account = await newAccount(request);
  const receiver = await new Receiver().start();
  try {
    receiver.on('/gone', () => ({ status: 410 }));
    const sub = await (await request.post('/api/webhook-subscription', {
      headers: account.admin.headers, data: { events: ['contact.created'], target: receiver.url('/gone') },
    })).json();
    await request.post('/api/contact', { headers: account.admin.headers, data: { phone: uniquePhone() } });
    await expect.poll(async () => (await (await request.get(`/api/webhook-subscription/${sub.id}`, {
      headers: account.admin.headers,
    })).json()).is_active).toBe(false);
    const put = await (await request.put(`/api/webhook-subscription/${sub.id}`, {
      headers: account.admin.headers, data: { events: ['contact.created', 'contact.updated'], target: receiver.url('/gone') },
    })).json();
    expect(put).toMatchObject({ is_active: false, events: ['contact.created', 'contact.updated'], disabled_reason: expect.stringMatching(/410/) });
  } finally {
    await receiver.stop();
  }
});

test('out-of-range pages and ids are clean 4xx answers, not server errors', async ({ request }) => {
  const account = await newAccount(request);
  const page = await request.get('/api/contact?page=99999999999999999999', { headers: account.admin.headers });
  expect(page.status()).toBe(404);
  expect(await page.json()).toEqual({ detail: 'Invalid page.' });
  const huge = await request.post('/api/contact', {
    headers: account.admin.headers, data: { phone: uniquePhone(), default_assignees: [{ id: 99999999999 }] },
  });
  expect(huge.status()).toBe(400);
  expect(Object.keys(await huge.json())).toEqual(['default_assignees']);
  const badPageSize = await request.get('/api/account-member?page_size=0', { headers: account.admin.headers });
  expect(badPageSize.status()).toBe(400);
  expect(await badPageSize.json()).toEqual({ page_size: ['Ensure this value is greater than or equal to 1.'] });
});
