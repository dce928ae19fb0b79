import { afterAll, describe, expect, it } from 'vitest';
import { encode } from 'next-auth/jwt';
// Next.js's compiled cookie parser, the one NextRequest's `cookies` uses
import { RequestCookies } from 'next/dist/compiled/@edge-runtime/cookies';
import '@/lib/test-support/unit-database';

// The dashboard's session cookie on a plain Request, which is what the server hands API endpoints
// (scripts/route-handlers.mjs): no NextRequest, so no `req.cookies` for next-auth to read.

// A secret of the test's own, so that none is generated and kept under .data/.
process.env.NEXTAUTH_SECRET ||= 'session-cookie-test';

const { closeDatabase, getDb } = await import('@/db');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { resolveMember, requestCookies } = await import('./resolve');
const { authSecret } = await import('./secret');

afterAll(async () => {
  await closeDatabase();
});

const withCookie = (cookie: string) => new Request('http://localhost/api/contact', { headers: { cookie } });

describe('session cookies on a plain Request', () => {
  it("resolve the session's member, among other cookies", async () => {
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    const jwt = await encode({ token: { uid: seeded.admin.id }, secret: authSecret() });
    const member = await resolveMember(withCookie(`theme=dark; next-auth.session-token=${jwt}; other=1`));
    expect(member).toEqual({ userId: seeded.admin.id, accountId: seeded.account_id, role: 'ADMIN', via: 'session' });
  });

  it('resolve a session token that next-auth split into chunks (a large token)', async () => {
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    const jwt = await encode({ token: { uid: seeded.admin.id }, secret: authSecret() });
    const half = Math.floor(jwt.length / 2);
    const member = await resolveMember(withCookie(`next-auth.session-token.0=${jwt.slice(0, half)}; next-auth.session-token.1=${jwt.slice(half)}`));
    expect(member).toMatchObject({ userId: seeded.admin.id, via: 'session' });
  });

  it('are read as NextRequest reads them', () => {
    const header = 'a=1; b=x%20y;c=2;flag; a=3; bad=%E0%A4%A;; e=';
    const expected = [['a', '3'], ['b', 'x y'], ['c', '2'], ['flag', 'true'], ['e', '']];
    expect([...requestCookies(withCookie(header))]).toEqual(expected);
    expect([...new RequestCookies(new Headers({ cookie: header }))].map(([name, { value }]) => [name, value])).toEqual(expected);
    expect(requestCookies(new Request('http://localhost/')).size).toBe(0);
  });
});
