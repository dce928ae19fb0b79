import { expect, test, type APIRequestContext } from '@playwright/test';
import { newAccount } from './factories';

// Dashboard sign-in is limited per email address (SIGN_IN_MAX_ATTEMPTS, default 10 in
// SIGN_IN_WINDOW_MINUTES, default 15): past the limit even the right password is refused, with a
// message saying how long to wait, while other addresses and API keys go on working.

async function signIn(request: APIRequestContext, email: string, password: string): Promise<string | null> {
  const csrf = await (await request.get('/api/auth/csrf')).json();
  const res = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken: csrf.csrfToken, email, password, json: 'true' }, maxRedirects: 0,
  });
  const { url } = await res.json();
  return new URL(url).searchParams.get('error');
}

async function signOut(request: APIRequestContext) {
  const csrf = await (await request.get('/api/auth/csrf')).json();
  await request.post('/api/auth/signout', { form: { csrfToken: csrf.csrfToken, json: 'true' } });
}

test('ten failed attempts lock the address out, right password included, and no other', async ({ request }) => {
  const account = await newAccount(request);
  for (let i = 0; i < 10; i++) expect(await signIn(request, account.admin.email, 'wrong password')).toBe('CredentialsSignin');
  const refused = await signIn(request, account.admin.email.toUpperCase(), account.password);
  expect(refused).toMatch(/^Too many failed sign-in attempts for this email\. Try again in 1[45] minutes\.$/);
  expect((await request.get('/api/me')).status()).toBe(401);

  // Another member signs in; the locked member's API key still works.
  expect(await signIn(request, account.agent.email, account.password)).toBeNull();
  expect((await (await request.get('/api/me')).json()).user.id).toBe(account.agent.id);
  await signOut(request);
  expect((await request.get('/api/me', { headers: account.admin.headers })).status()).toBe(200);
});

test('a successful sign-in clears the count', async ({ request }) => {
  const account = await newAccount(request);
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 9; i++) expect(await signIn(request, account.admin.email, 'wrong password')).toBe('CredentialsSignin');
    expect(await signIn(request, account.admin.email, account.password)).toBeNull();
    expect((await (await request.get('/api/me')).json()).user.id).toBe(account.admin.id);
    await signOut(request);
  }
});
