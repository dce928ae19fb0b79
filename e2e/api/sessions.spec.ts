import { expect, test, type APIRequestContext } from '@playwright/test';
import { newAccount, NOT_PROVIDED, signInCookie } from './factories';

// Signing out ends the session on the server: the cookie a browser held before signing out is
// refused at once (401 on the API, /login on pages), whoever still has a copy of it. Over https,
// also behind a proxy that says so in X-Forwarded-Proto, the session cookie is Secure.

async function signIn(request: APIRequestContext, email: string, password: string, headers: Record<string, string> = {}) {
  const session = await signInCookie(request, email, password, headers);
  return { cookie: session.split(';')[0], attributes: session.split(';').slice(1).map((a) => a.trim().toLowerCase()) };
}

test('the cookie held before signing out answers 401 afterwards, on the API and on pages', async ({ playwright, baseURL }) => {
  const account = await newAccount(await playwright.request.newContext({ baseURL }));
  const browser = await playwright.request.newContext({ baseURL });
  const { cookie, attributes } = await signIn(browser, account.admin.email, account.password);
  expect(attributes).toContain('httponly');
  expect(attributes).not.toContain('secure');

  // A bare client holding a copy of the cookie, as an attacker who stole it would.
  const copy = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie } });
  expect((await copy.get('/api/me')).status()).toBe(200);
  expect((await copy.get('/api/contact')).status()).toBe(200);
  expect((await copy.get('/contacts', { maxRedirects: 0 })).status()).toBe(200);

  const csrf = await (await browser.get('/api/auth/csrf')).json();
  const out = await browser.post('/api/auth/signout', { form: { csrfToken: csrf.csrfToken, json: 'true' } });
  expect(out.status()).toBe(200);

  for (const path of ['/api/me', '/api/contact', '/api/channels', '/api/webhook-subscription']) {
    const res = await copy.get(path);
    expect(res.status(), path).toBe(401);
    expect(await res.json()).toEqual(NOT_PROVIDED);
  }
  const page = await copy.get('/contacts', { maxRedirects: 0 });
  expect([303, 307, 308]).toContain(page.status());
  expect(page.headers().location).toMatch(/\/login/);
  // The sign-in page shows its form to the ended session rather than sending it back.
  expect((await copy.get('/login', { maxRedirects: 0 })).status()).toBe(200);

  // API keys are not sessions: they go on working, and signing in again starts a working session.
  expect((await copy.get('/api/me', { headers: account.admin.headers })).status()).toBe(200);
  const again = await signIn(browser, account.admin.email, account.password);
  const fresh = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: again.cookie } });
  expect((await fresh.get('/api/me')).status()).toBe(200);
  expect((await copy.get('/api/me')).status()).toBe(401);
  for (const context of [browser, copy, fresh]) await context.dispose();
});

test('behind a proxy that says https, the session cookie is Secure and read as such', async ({ playwright, baseURL }) => {
  const account = await newAccount(await playwright.request.newContext({ baseURL }));
  const https = { 'x-forwarded-proto': 'https' };
  const browser = await playwright.request.newContext({ baseURL, extraHTTPHeaders: https });
  const { cookie, attributes } = await signIn(browser, account.agent.email, account.password, https);
  expect(cookie).toMatch(/^__Secure-next-auth\.session-token=/);
  expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly']));
  const copy = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie, ...https } });
  expect((await (await copy.get('/api/me')).json()).user.id).toBe(account.agent.id);
  await browser.dispose();
  await copy.dispose();
});
