import { expect, test } from '@playwright/test';
import { ISO, NOT_PROVIDED, newAccount, type TestAccount } from './factories';

// Account members (GET /api/account-member, paged by a JSON body on the GET) and users with
// their lookups (GET /api/user).

let acme: TestAccount;
let other: TestAccount;
test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
  other = await newAccount(request);
});

test.describe('GET /api/account-member', () => {
  test('lists the account members as a bare array with the member shape', async ({ request }) => {
    const res = await request.get('/api/account-member', { headers: acme.agent.headers });
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((m: { id: number }) => m.id)).toEqual([acme.admin.id, acme.agent.id]);
    expect(body[0]).toEqual({
      id: acme.admin.id, first_name: 'Ada', last_name: expect.any(String), email: acme.admin.email, account: acme.accountId,
      groups: [], date_joined: expect.stringMatching(ISO), teams: [], profile_image: null, role: 'ADMIN', is_active: true, invitation_pending: false,
    });
    expect(body[1].role).toBe('AGENT');
  });

  test('pages with page and page_size in a JSON body on GET, or in the query', async ({ request }) => {
    const viaQuery = await (await request.get('/api/account-member?page=2&page_size=1', { headers: acme.admin.headers })).json();
    expect(viaQuery.map((m: { id: number }) => m.id)).toEqual([acme.agent.id]);
    const viaBody = await request.fetch('/api/account-member', {
      method: 'GET', headers: { ...acme.admin.headers, 'Content-Type': 'application/json' }, data: { page: 1, page_size: 1 },
    });
    expect(viaBody.status()).toBe(200);
    expect((await viaBody.json()).map((m: { id: number }) => m.id)).toEqual([acme.admin.id]);
    // A page alone takes the default size: past the last, it is empty, not the whole list.
    expect(await (await request.get('/api/account-member?page=99', { headers: acme.admin.headers })).json()).toEqual([]);
    expect((await (await request.get('/api/account-member?page=1', { headers: acme.admin.headers })).json()).length).toBeGreaterThan(1);
  });

  test('never shows another account\'s members', async ({ request }) => {
    const body = await (await request.get('/api/account-member', { headers: other.admin.headers })).json();
    expect(body.map((m: { id: number }) => m.id)).toEqual([other.admin.id, other.agent.id]);
  });

  test('requires authentication', async ({ request }) => {
    const res = await request.get('/api/account-member');
    expect(res.status()).toBe(401);
    expect(res.headers()['www-authenticate']).toBe('Token');
    expect(await res.json()).toEqual(NOT_PROVIDED);
  });
});

test.describe('GET /api/user', () => {
  const ids = async (request: import('@playwright/test').APIRequestContext, query: string, account = acme) =>
    (await (await request.get(`/api/user?${query}`, { headers: account.admin.headers })).json()).map((u: { id: number }) => u.id);

  test('lists users with the user shape', async ({ request }) => {
    const res = await request.get('/api/user/', { headers: acme.admin.headers });
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body[0]).toEqual({
      id: acme.admin.id, first_name: 'Ada', last_name: expect.any(String), email: acme.admin.email,
      account: acme.accountId, groups: [], date_joined: expect.stringMatching(ISO),
    });
  });

  test('supports every lookup of email, first_name and last_name', async ({ request }) => {
    const { admin, agent } = acme;
    expect(await ids(request, `email__iexact=${admin.email.toUpperCase()}`)).toEqual([admin.id]);
    expect(await ids(request, 'email__istartswith=AGENT-')).toEqual([agent.id]);
    expect(await ids(request, 'email__iendswith=@TEST.EXAMPLE')).toEqual([admin.id, agent.id]);
    expect(await ids(request, 'email__icontains=gent-')).toEqual([agent.id]);
    expect(await ids(request, 'first_name__iexact=ada')).toEqual([admin.id]);
    expect(await ids(request, 'first_name__icontains=LA')).toEqual([agent.id]);
    expect(await ids(request, 'last_name__istartswith=agent')).toEqual([agent.id]);
    expect(await ids(request, 'last_name__iendswith=zzz')).toEqual([]);
    expect(await ids(request, 'email__isnull=true')).toEqual([]);
    expect(await ids(request, 'email__isnull=false')).toEqual([admin.id, agent.id]);
    expect(await ids(request, 'first_name__icontains=%25')).toEqual([]); // a literal %, not a wildcard
  });

  test('orders and searches', async ({ request }) => {
    expect(await ids(request, 'ordering=-email')).toEqual([acme.agent.id, acme.admin.id]); // agent-… sorts after admin-…
    expect(await ids(request, 'ordering=first_name')).toEqual([acme.admin.id, acme.agent.id]);
    expect(await ids(request, 'ordering=-first_name')).toEqual([acme.agent.id, acme.admin.id]);
    expect(await ids(request, 'ordering=not_a_field')).toEqual([acme.admin.id, acme.agent.id]);
    expect(await ids(request, 'search=alan')).toEqual([acme.agent.id]);
    expect(await ids(request, 'search=nobody-here')).toEqual([]);
  });

  test('never shows another account\'s users, and a bad isnull value is a 400', async ({ request }) => {
    expect(await ids(request, `email__iexact=${other.admin.email}`)).toEqual([]);
    const bad = await request.get('/api/user?email__isnull=maybe', { headers: acme.admin.headers });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ email__isnull: ['"maybe" is not a valid choice.'] });
  });

  test('requires authentication', async ({ request }) => {
    const res = await request.get('/api/user');
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual(NOT_PROVIDED);
  });
});
