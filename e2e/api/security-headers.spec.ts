import { expect, test } from '@playwright/test';
import { dashboardPages, newAccount, signInCookie } from './factories';

// Every page (each app/**/page.tsx, found on disk, so a new page is covered without anyone adding
// it here), signed in and signed out, carries a Content-Security-Policy with a fresh script nonce
// and no framing, nosniff and a Referrer-Policy; API answers carry the same headers.

const PAGES = dashboardPages((param, route) => (route.startsWith('/contacts') || route.startsWith('/webhooks')
  ? '00000000-0000-4000-8000-000000000000' : param === 'id' ? '1' : 'x'));

function expectCommonHeaders(headers: Record<string, string>, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('same-origin');
}

function expectPagePolicy(headers: Record<string, string>, what: string): string {
  const policy = headers['content-security-policy'];
  expect(policy, what).toBeTruthy();
  const directives = Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
  expect(directives['frame-ancestors'], what).toEqual(["'none'"]);
  expect(directives['object-src'], what).toEqual(["'none'"]);
  expect(directives['default-src'], what).toEqual(["'self'"]);
  const nonce = directives['script-src'].find((v: string) => v.startsWith("'nonce-"));
  expect(nonce, what).toBeTruthy();
  expect(directives['script-src'], what).not.toContain("'unsafe-inline'");
  return nonce!;
}

test('every page, signed in and signed out, carries the security headers', async ({ playwright, baseURL }) => {
  expect(PAGES).toEqual(expect.arrayContaining(['/', '/login', '/contacts', '/broadcasts/1', '/dev/api-keys']));
  expect(PAGES.length).toBeGreaterThanOrEqual(25);
  PAGES.push('/no-such-page'); // the not-found page
  const anonymous = await playwright.request.newContext({ baseURL });
  const account = await newAccount(anonymous);
  const signingIn = await playwright.request.newContext({ baseURL });
  const cookie = (await signInCookie(signingIn, account.admin.email, account.password)).split(';')[0];
  const signedIn = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie } });
  const nonces = new Set<string>();
  for (const [who, context] of [['signed out', anonymous], ['signed in', signedIn]] as const) {
    for (const page of PAGES) {
      const res = await context.get(page, { maxRedirects: 0 });
      const what = `${who} ${page} (${res.status()})`;
      expect(res.status(), what).toBeLessThan(500);
      expectCommonHeaders(res.headers(), what);
      const nonce = expectPagePolicy(res.headers(), what);
      nonces.add(nonce);
      if (res.status() === 200 || res.status() === 404) {
        // The nonce in the header is the one on the page's scripts, and no script goes without it.
        const html = await res.text();
        const scripts = html.match(/<script\b[^>]*>/g) ?? [];
        expect(scripts.length, what).toBeGreaterThan(0);
        for (const tag of scripts) expect(tag, what).toContain(`nonce="${nonce.slice(7, -1)}"`);
      }
    }
  }
  // A fresh nonce per answer.
  expect(nonces.size).toBe(PAGES.length * 2);
  for (const context of [anonymous, signingIn, signedIn]) await context.dispose();
});

test('API answers carry nosniff, no framing and a policy of their own', async ({ request }) => {
  for (const path of ['/api/health', '/api/schema', '/api/docs', '/api/contact', '/api/no-such-route']) {
    const res = await request.get(path);
    expectCommonHeaders(res.headers(), path);
    expect(res.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
  }
});
