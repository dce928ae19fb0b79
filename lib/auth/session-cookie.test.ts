import { afterAll, describe, expect, it } from 'vitest';
import { encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import '@/lib/test-support/unit-database';

// The dashboard's session cookie, read by next-auth's getToken from the NextRequest a route
// handler is handed (and from a plain Request, which unit tests hand endpoints).

// A secret of the test's own, so that none is generated and kept under .data/.
process.env.NEXTAUTH_SECRET ||= 'session-cookie-test';

const { closeDatabase, getDb } = await import('@/db');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { resolveMember } = await import('./resolve');
const { authSecret } = await import('./secret');
const { endMemberSessions } = await import('./end-sessions');

afterAll(async () => {
  await closeDatabase();
});

const ways = {
  NextRequest: (cookie: string) => new NextRequest('http://localhost/api/contact', { headers: { cookie } }),
  Request: (cookie: string) => new Request('http://localhost/api/contact', { headers: { cookie } }),
};

describe.each(Object.entries(ways))('session cookies on a %s', (_, withCookie) => {
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

  it('refuse a token that does not decode', async () => {
    await expect(resolveMember(withCookie('next-auth.session-token=not-a-jwt'))).rejects.toMatchObject({ status: 401 });
  });
});

describe('ended sessions', () => {
  const cookieFor = async (uid: number, epoch?: number, name = 'next-auth.session-token') =>
    `${name}=${await encode({ token: epoch === undefined ? { uid } : { uid, epoch }, secret: authSecret() })}`;
  const request = (cookie: string, headers: Record<string, string> = {}) =>
    new NextRequest('http://localhost/api/contact', { headers: { cookie, ...headers } });

  it('refuse a session begun before the member\'s sessions were ended, and accept one begun after', async () => {
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    const old = await cookieFor(seeded.admin.id);
    expect(await resolveMember(request(old))).toMatchObject({ userId: seeded.admin.id });
    expect(await resolveMember(request(await cookieFor(seeded.admin.id, 0)))).toMatchObject({ userId: seeded.admin.id });
    await endMemberSessions(await getDb(), seeded.admin.id);
    await expect(resolveMember(request(old))).rejects.toMatchObject({ status: 401 });
    await expect(resolveMember(request(await cookieFor(seeded.admin.id, 0)))).rejects.toMatchObject({ status: 401 });
    expect(await resolveMember(request(await cookieFor(seeded.admin.id, 1)))).toMatchObject({ userId: seeded.admin.id });
    // Another member of the account keeps their sessions.
    expect(await resolveMember(request(await cookieFor(seeded.agent.id)))).toMatchObject({ userId: seeded.agent.id });
  });

  it('read the Secure cookie when the request came over https, also through a proxy', async () => {
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    const secure = await cookieFor(seeded.admin.id, 0, '__Secure-next-auth.session-token');
    expect(await resolveMember(request(secure, { 'x-forwarded-proto': 'https' }))).toMatchObject({ userId: seeded.admin.id });
    expect(await resolveMember(new NextRequest('https://localhost/api/contact', { headers: { cookie: secure } }))).toMatchObject({ userId: seeded.admin.id });
    // Over plain http, only the plain cookie counts.
    await expect(resolveMember(request(secure))).rejects.toMatchObject({ status: 401 });
  });
});
