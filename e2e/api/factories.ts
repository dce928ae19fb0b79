import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

export type TestMember = { id: number; email: string; key: string; headers: Record<string, string> };
export type TestAccount = { accountId: number; country: string; password: string; admin: TestMember; agent: TestMember };

/** A fresh account (ADMIN + AGENT, each with an API key) through the test-only seeding route. */
export async function newAccount(request: APIRequestContext, country = 'MX'): Promise<TestAccount> {
  const res = await request.post('/api/test/account', { data: { country } });
  expect(res.status(), await res.text()).toBe(201);
  const b = await res.json();
  const member = (m: { id: number; email: string; key: string }): TestMember => ({
    ...m, headers: { Authorization: `Token ${m.key}` },
  });
  return { accountId: b.account_id, country: b.country, password: b.password, admin: member(b.admin), agent: member(b.agent) };
}

export const NOT_PROVIDED = { detail: 'Authentication credentials were not provided.' };
export const INVALID_TOKEN = { detail: 'Invalid token.' };
export const NOT_FOUND = { detail: 'Not found.' };

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let counter = 0;
/** A unique valid Mexican mobile number in E.164. */
export function uniquePhone(): string {
  counter += 1;
  const n = (Date.now() % 1e6) * 100 + (counter % 100) + Math.floor(Math.random() * 1e3) * 1e8;
  return `+5255${String(n).padStart(8, '0').slice(-8)}`;
}

/** Signs in through next-auth's credentials form, as the login page does; answers the Set-Cookie of the session. */
export async function signInCookie(request: APIRequestContext, email: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  // The CSRF cookie is handed back by hand: a cookie jar does not send a Secure one over http.
  const csrf = await request.get('/api/auth/csrf', { headers });
  // (None is set when the context already holds one, which its jar then sends.)
  const csrfCookie = csrf.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.includes('csrf-token='))?.value.split(';')[0];
  const res = await request.post('/api/auth/callback/credentials', {
    headers: { ...headers, ...(csrfCookie ? { cookie: csrfCookie } : {}) }, form: { csrfToken: (await csrf.json()).csrfToken, email, password, json: 'true' }, maxRedirects: 0,
  });
  const session = res.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && /^(__Secure-)?next-auth\.session-token=/.test(h.value));
  expect(session, 'a session cookie').toBeTruthy();
  return session!.value;
}

/** Whether next-auth's credentials form signs the member in (a session cookie is set), on a context of its own. */
export async function signsIn(playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string | undefined, email: string, password: string): Promise<boolean> {
  const context = await playwright.request.newContext({ baseURL });
  try {
    const csrf = await context.get('/api/auth/csrf');
    const csrfCookie = csrf.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.includes('csrf-token='))?.value.split(';')[0];
    const res = await context.post('/api/auth/callback/credentials', {
      headers: csrfCookie ? { cookie: csrfCookie } : {}, form: { csrfToken: (await csrf.json()).csrfToken, email, password, json: 'true' }, maxRedirects: 0,
    });
    return res.headersArray().some((h) => h.name.toLowerCase() === 'set-cookie' && /^(__Secure-)?next-auth\.session-token=/.test(h.value));
  } finally {
    await context.dispose();
  }
}

/** Every dashboard page, from app/**\/page.tsx (route groups dropped), with each [param] filled with `fill(param)`. */
export function dashboardPages(fill: (param: string, route: string) => string): string[] {
  const root = path.resolve(__dirname, '../../app');
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'api') walk(path.join(dir, entry.name));
      else if (entry.name === 'page.tsx') {
        const route = '/' + path.relative(root, dir).split(path.sep).filter((s) => !/^\(.*\)$/.test(s)).join('/');
        pages.push(route.replace(/\[([^\]]+)\]/g, (_, p: string) => fill(p, route)));
      }
    }
  };
  walk(root);
  return pages.sort();
}

/** A new member with an API key of their own (made by the admin). */
export async function memberWithKey(request: APIRequestContext, account: TestAccount, role: 'ADMIN' | 'AGENT' = 'AGENT', first = 'Agent') {
  const email = `m-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@test.example`;
  const res = await request.post('/api/account-member', {
    headers: account.admin.headers, data: { email, first_name: first, role, password: 'a-long-password' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const member = await res.json();
  const key = await request.post('/api/dev/api-keys', { headers: account.admin.headers, data: { name: `key ${email}`, user: member.id } });
  expect(key.status(), await key.text()).toBe(201);
  return { id: member.id as number, email, headers: { Authorization: `Token ${(await key.json()).key}` } };
}

/** A text from a new (or the given) phone on the sandbox: the inbound path opens or joins its conversation. */
export async function inbound(request: APIRequestContext, account: TestAccount, phone = uniquePhone(), text = 'Hola') {
  const res = await request.post('/api/channels/sandbox/inbound', { headers: account.admin.headers, data: { phone, type: 'text', text } });
  expect(res.status(), await res.text()).toBe(201);
  return { phone, conversation: (await res.json()).conversation as string };
}

/** The sandbox's welcome template sent by the admin to a (new) phone: its message and conversation. */
export async function sendWelcome(request: APIRequestContext, account: TestAccount, phone = uniquePhone()) {
  const list = await (await request.get('/api/channels/chat/template?search=welcome', { headers: account.admin.headers })).json();
  const res = await request.post(`/api/channels/chat/template/${list.results[0].id}/send`, {
    headers: account.admin.headers, data: { phone, variables: ['Ana', 'Acme'] },
  });
  expect(res.status()).toBe(201);
  return { phone, ...(await res.json()) as { id: string; conversation: string } };
}

/** A sandbox message from a contact (the inbound path), as the given body describes it. */
export async function reply(request: APIRequestContext, account: TestAccount, data: Record<string, unknown>) {
  const res = await request.post('/api/channels/sandbox/inbound', { headers: account.agent.headers, data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}
