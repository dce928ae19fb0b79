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
