import { and, eq, isNull } from 'drizzle-orm';
import { getToken } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { apiKeys, users } from '@/db/schema';
import { AuthenticationError, INVALID_TOKEN } from '@/lib/api/errors';
import { hashApiKey } from './api-key-format';
import { servedOverHttps } from './https';
import { cachedUnless } from './member-cache';
import type { Member } from './member';
import { authSecret } from './secret';
import { sessionMember } from './session-member';

const TOKEN_HEADER = /^Token\s+(\S+)\s*$/i;
// last_used_on is written at most once a minute per key, to keep reads free of writes.
// Keys and sessions resolve through the per-process member cache (member-cache.ts).
const LAST_USED_RESOLUTION_MS = 60_000;

type KeyEntry = { member: Member; keyId: number; lastUsedOn: number | null };

async function memberFromKey(key: string, fresh: boolean): Promise<Member> {
  const hash = hashApiKey(key);
  const entry = await cachedUnless(fresh, `key:${hash}`, async () => {
    const db = await getDb();
    const [row] = await db
      .select({ keyId: apiKeys.id, lastUsedOn: apiKeys.lastUsedOn, userId: users.id, accountId: users.accountId, role: users.role })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedOn), eq(users.isActive, true)))
      .limit(1);
    if (!row) return null;
    const found: KeyEntry = {
      member: { userId: row.userId, accountId: row.accountId, role: row.role, via: 'key' },
      keyId: row.keyId, lastUsedOn: row.lastUsedOn?.getTime() ?? null,
    };
    return found;
  });
  if (!entry) throw new AuthenticationError(INVALID_TOKEN);
  await recordUse(entry);
  return { ...entry.member };
}

async function recordUse(entry: KeyEntry): Promise<void> {
  const now = Date.now();
  if (entry.lastUsedOn !== null && now - entry.lastUsedOn <= LAST_USED_RESOLUTION_MS) return;
  entry.lastUsedOn = now; // first, so that concurrent requests with the same key write once
  const db = await getDb();
  await db.update(apiKeys).set({ lastUsedOn: new Date(now) }).where(eq(apiKeys.id, entry.keyId));
}

export async function memberFromSession(req: Request, fresh = false): Promise<Member | null> {
  if (!req.headers.get('cookie')?.includes('next-auth.session-token')) return null;
  // Route handlers are handed a NextRequest, whose `cookies` next-auth reads; for a plain Request
  // (a unit test's) one is made from its URL and headers (its body is left unread).
  const request = 'nextUrl' in req ? (req as NextRequest) : new NextRequest(req.url, { headers: req.headers });
  const token = await getToken({ req: request, secret: authSecret(), secureCookie: servedOverHttps(req.headers, req.url) });
  return sessionMember(token, fresh);
}

/**
 * `Authorization: Token <key>` first; without that header, the dashboard's session cookie.
 * A malformed header is treated as no credentials, as DRF's TokenAuthentication does.
 * `fresh` reads the member from the database rather than this process's cache, for a request
 * whose permission depends on the role: another process's cache may not yet have heard of a change.
 */
export async function resolveMember(req: Request, { fresh = false } = {}): Promise<Member> {
  const header = req.headers.get('authorization');
  if (header) {
    const match = TOKEN_HEADER.exec(header);
    if (!match) throw new AuthenticationError();
    return memberFromKey(match[1], fresh);
  }
  const member = await memberFromSession(req, fresh);
  if (!member) throw new AuthenticationError();
  return member;
}

/**
 * Whether the request's credentials still let `member` in (for a long-lived answer, such as an
 * event stream, asked again from time to time). A refusal is false; a failure to ask (the
 * database away) is thrown, so the caller does not end what it serves for it.
 */
export async function stillSignedIn(req: Request, member: Member): Promise<boolean> {
  try {
    return (await resolveMember(req)).userId === member.userId;
  } catch (error) {
    if (error instanceof AuthenticationError) return false;
    throw error;
  }
}
