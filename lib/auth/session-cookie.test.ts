import { afterAll, describe, expect, it } from 'vitest';
import { encode } from 'next-auth/jwt';
import '@/lib/test-support/unit-database';

// The dashboard's session cookie on a plain Request, which is what the server hands API endpoints
// (scripts/route-handlers.mjs): no NextRequest, so no `req.cookies` for next-auth to read.

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

  it('refuse a session token that does not verify', async () => {
    await expect(resolveMember(withCookie('next-auth.session-token=forged'))).rejects.toMatchObject({ status: 401 });
  });

  it('are read as NextRequest reads them', () => {
    expect([...requestCookies(withCookie('a=1; b=x%20y;c=2;flag; a=3; bad=%E0%A4%A'))]).toEqual([
      ['a', '3'], ['b', 'x y'], ['c', '2'], ['flag', 'true'],
    ]);
    expect(requestCookies(new Request('http://localhost/')).size).toBe(0);
  });
});
