import { expect, test } from '@playwright/test';
import { ISO, NOT_FOUND, NOT_PROVIDED, newAccount, type TestAccount } from './factories';

// Keys: created by an ADMIN, shown once, listed by prefix, revoked with immediate effect.

let acme: TestAccount;
let other: TestAccount;
test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
  other = await newAccount(request);
});

test('an admin creates a key that works at once and is refused after revocation', async ({ request }) => {
  const res = await request.post('/api/dev/api-keys', { headers: acme.admin.headers, data: { name: 'CRM sync' } });
  expect(res.status()).toBe(201);
  const created = await res.json();
  expect(created).toEqual({
    id: expect.any(Number), name: 'CRM sync', prefix: created.key.slice(0, 11), key: expect.stringMatching(/^ek_[\w-]{43}$/),
    user: { id: acme.admin.id, first_name: 'Ada', last_name: expect.any(String), email: acme.admin.email },
    created_by: { id: acme.admin.id, first_name: 'Ada', last_name: expect.any(String), email: acme.admin.email },
    created_on: expect.stringMatching(ISO), last_used_on: null, revoked_on: null, is_active: true,
  });
  const headers = { Authorization: `Token ${created.key}` };
  expect((await request.get('/api/account-member', { headers })).status()).toBe(200);

  const list = await (await request.get('/api/dev/api-keys', { headers: acme.admin.headers })).json();
  const listed = list.find((k: { id: number }) => k.id === created.id);
  expect(listed).toBeTruthy();
  expect(listed.key).toBeUndefined();
  expect(listed.last_used_on).toMatch(ISO);
  expect(JSON.stringify(list)).not.toContain(created.key);

  expect((await request.delete(`/api/dev/api-keys/${created.id}`, { headers: other.admin.headers })).status()).toBe(404);
  expect((await request.delete(`/api/dev/api-keys/${created.id}`, { headers: acme.admin.headers })).status()).toBe(204);
  const refused = await request.get('/api/account-member', { headers });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ detail: 'Invalid token.' });
  const after = await (await request.get('/api/dev/api-keys', { headers: acme.admin.headers })).json();
  expect(after.find((k: { id: number }) => k.id === created.id)).toMatchObject({ is_active: false, revoked_on: expect.stringMatching(ISO) });
});

test('a key acts as its member: it sees that member\'s account only', async ({ request }) => {
  const mine = await (await request.get('/api/account-member', { headers: acme.agent.headers })).json();
  expect(mine.every((m: { account: number }) => m.account === acme.accountId)).toBe(true);
});

test('only admins manage keys; names are validated', async ({ request }) => {
  const agent = await request.get('/api/dev/api-keys', { headers: acme.agent.headers });
  expect(agent.status()).toBe(403);
  expect(await agent.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  expect((await request.post('/api/dev/api-keys', { headers: acme.agent.headers, data: { name: 'x' } })).status()).toBe(403);
  const blank = await request.post('/api/dev/api-keys', { headers: acme.admin.headers, data: { name: '' } });
  expect(blank.status()).toBe(400);
  expect(await blank.json()).toEqual({ name: ['This field may not be blank.'] });
  const foreign = await request.post('/api/dev/api-keys', { headers: acme.admin.headers, data: { name: 'x', user: other.agent.id } });
  expect(foreign.status()).toBe(400);
  expect(await foreign.json()).toEqual({ user: [`Invalid pk "${other.agent.id}" - object does not exist.`] });
});

test('unauthenticated, malformed and other-account ids', async ({ request }) => {
  expect(await (await request.get('/api/dev/api-keys')).json()).toEqual(NOT_PROVIDED);
  const bad = await request.delete('/api/dev/api-keys/abc', { headers: acme.admin.headers });
  expect(bad.status()).toBe(404);
  expect(await bad.json()).toEqual(NOT_FOUND);
  const otherKeys = await (await request.get('/api/dev/api-keys', { headers: other.admin.headers })).json();
  const res = await request.delete(`/api/dev/api-keys/${otherKeys[0].id}`, { headers: acme.admin.headers });
  expect(res.status()).toBe(404);
});
