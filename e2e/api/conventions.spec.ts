import { expect, test } from '@playwright/test';
import { NOT_FOUND, newAccount, uniquePhone } from './factories';
import { rawRequest } from './raw-http';

// Wire conventions that hold for every route (docs/api-conventions.md).

test('health is public and reports migrations', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', migrations: { applied: expect.any(Number), expected: expect.any(Number) } });
});

test('both trailing-slash forms answer the same, with no redirect', async ({ request }) => {
  const account = await newAccount(request);
  for (const path of ['/api/contact', '/api/contact/', '/api/account-member', '/api/account-member/']) {
    const res = await request.get(path, { headers: account.admin.headers, maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
  }
});

test('unknown paths under /api are a DRF 404', async ({ request }) => {
  const res = await request.get('/api/no-such-thing/at/all');
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual(NOT_FOUND);
});

test('a path with an empty segment (a base URL ending in "/") is a DRF 404, not a redirect', async ({ request, baseURL }) => {
  const account = await newAccount(request);
  for (const [method, path] of [['GET', '/api//contact'], ['POST', '/api//contact'], ['GET', '/api/contact//']] as const) {
    const res = await rawRequest(baseURL!, path, { method, headers: { ...account.admin.headers, 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
    expect(res.status, `${method} ${path}`).toBe(404);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual(NOT_FOUND);
  }
});

test('an oversized body is a 413 with a detail', async ({ request }) => {
  const account = await newAccount(request);
  const res = await request.post('/api/contact', {
    headers: { ...account.admin.headers, 'Content-Type': 'application/json' },
    data: JSON.stringify({ phone: '+525512345678', meta: { big: 'x'.repeat(3 * 1024 * 1024) } }),
  });
  expect(res.status()).toBe(413);
  expect((await res.json()).detail).toEqual(expect.any(String));
});

test('the test seeding route exists only because the suite enabled it', async ({ request }) => {
  const res = await request.get('/api/test/account');
  expect(res.status()).toBe(405);
});

test('a query value whose %-escapes are not UTF-8 is a 400 on that parameter; a lone % is a %', async ({ request }) => {
  const account = await newAccount(request);
  const latin1 = await request.get('/api/contact?search=%E1na', { headers: account.admin.headers });
  expect(latin1.status()).toBe(400);
  expect(await latin1.json()).toEqual({ search: ['Enter valid text: this value is not UTF-8 once decoded.'] });
  expect((await request.get('/api/contact?search=%C3%A1na', { headers: account.admin.headers })).status()).toBe(200);
  expect((await request.get('/api/contact?search=50%off', { headers: account.admin.headers })).status()).toBe(200);
});

test('first-run setup is closed once an account exists', async ({ request }) => {
  await newAccount(request);
  expect(await (await request.get('/api/setup')).json()).toEqual({ needed: false });
  const res = await request.post('/api/setup', { data: { name: 'X', email: 'x@example.com', password: 'password123' } });
  expect(res.status()).toBe(404);
  // Whatever the body: the route is gone, not waiting for a better one.
  for (const data of [{ account_name: 'X' }, {}, [1]]) {
    const refused = await request.post('/api/setup', { data });
    expect(refused.status(), JSON.stringify(data)).toBe(404);
    expect(await refused.json()).toEqual({ detail: 'Not found.' });
  }
});

test('a session cookie from the dashboard authenticates API calls, and cross-site writes are refused', async ({ request, baseURL }) => {
  const account = await newAccount(request);
  const csrf = await (await request.get('/api/auth/csrf')).json();
  const login = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken: csrf.csrfToken, email: account.admin.email, password: account.password, json: 'true' },
    maxRedirects: 0,
  });
  expect([200, 302]).toContain(login.status());
  const me = await request.get('/api/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).user.id).toBe(account.admin.id);
  const sameSite = await request.post('/api/contact', { headers: { Origin: baseURL! }, data: { phone: '+525598765432' } });
  expect(sameSite.status()).toBe(201);
  const crossSite = await request.post('/api/contact', { headers: { Origin: 'https://evil.example' }, data: { phone: '+525598765433' } });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.json()).toEqual({ detail: 'CSRF Failed: Origin checking failed.' });
  // A browser that sends no Origin still names the page in Sec-Fetch-Site or Referer.
  const pages: Record<string, string>[] = [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }, { Referer: 'https://evil.example/page' }];
  for (const headers of pages) {
    const forged = await request.post('/api/contact', { headers, data: { phone: '+525598765434' } });
    expect(forged.status(), JSON.stringify(headers)).toBe(403);
  }
  const ownPage = await request.post('/api/contact', { headers: { 'Sec-Fetch-Site': 'same-origin', Referer: `${baseURL}/contacts` }, data: { phone: '+525598765434' } });
  expect(ownPage.status()).toBe(201);
  const contacts = await (await request.get('/api/contact?search=98765434')).json();
  expect(contacts.count).toBe(1);
  await request.post('/api/auth/signout', { form: { csrfToken: csrf.csrfToken, json: 'true' } });
});

test('a page\'s next and previous links point at the host and scheme the client used', async ({ request, baseURL }) => {
  const account = await newAccount(request);
  for (let i = 0; i < 3; i++) {
    expect((await request.post('/api/contact', { headers: account.admin.headers, data: { phone: uniquePhone() } })).status()).toBe(201);
  }
  const direct = await (await request.get('/api/contact?page_size=1&page=2', { headers: account.admin.headers })).json();
  expect(direct.next).toBe(`${baseURL}/api/contact?page_size=1&page=3`);
  expect(direct.previous).toBe(`${baseURL}/api/contact?page_size=1`);
  const proxied = await (await request.get('/api/contact?page_size=1&page=2', {
    headers: { ...account.admin.headers, 'X-Forwarded-Host': 'api.example.test', 'X-Forwarded-Proto': 'https' },
  })).json();
  expect(proxied.next).toBe('https://api.example.test/api/contact?page_size=1&page=3');
  expect(proxied.previous).toBe('https://api.example.test/api/contact?page_size=1');
});
