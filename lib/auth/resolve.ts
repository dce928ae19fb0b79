import { and, eq, isNull } from 'drizzle-orm';
import { getToken } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { getDb } from '@/db';
import { apiKeys, users } from '@/db/schema';
import { AuthenticationError, INVALID_TOKEN } from '@/lib/api/errors';
import { hashApiKey } from './api-key-format';
import { memberCache } from './member-cache';
import type { Member } from './member';
import { authSecret } from './secret';

const TOKEN_HEADER = /^Token\s+(\S+)\s*$/i;
// last_used_on is written at most once a minute per key, to keep reads free of writes.
// Keys and sessions resolve through the per-process member cache (member-cache.ts).
const LAST_USED_RESOLUTION_MS = 60_000;

type KeyEntry = { member: Member; keyId: number; lastUsedOn: number | null };

async function memberFromKey(key: string): Promise<Member> {
  const hash = hashApiKey(key);
  const entry = await memberCache.through(`key:${hash}`, async () => {
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
  }) as KeyEntry | null;
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

export async function memberFromSession(req: Request): Promise<Member | null> {
  if (!req.headers.get('cookie')?.includes('next-auth.session-token')) return null;
  // Route handlers are handed a NextRequest, whose `cookies` next-auth reads; for a plain Request
  // (a unit test's) one is made from its URL and headers (its body is left unread).
  const request = 'nextUrl' in req ? (req as NextRequest) : new NextRequest(req.url, { headers: req.headers });
  const token = await getToken({ req: request, secret: authSecret() });
  return sessionMember(Number(token?.uid), Number(token?.epoch) || 0);
}

/** The member a session token names, while it is active and its sessions were not ended since. */
export async function sessionMember(userId: number, epoch: number): Promise<Member | null> {
  if (!userId) return null;
  const member = await memberCache.through(`user:${userId}`, async () => {
    const db = await getDb();
    const [row] = await db
      .select({ userId: users.id, accountId: users.accountId, role: users.role, epoch: users.sessionEpoch })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.isActive, true)))
      .limit(1);
    return row ? { ...row, via: 'session' as const } : null;
  }) as (Member & { epoch: number }) | null;
  // A session signed before the member's sessions were ended (lib/auth/end-sessions.ts) is over.
  if (!member || member.epoch !== epoch) return null;
  const { epoch: _epoch, ...rest } = member;
  return rest;
}

/**
 * `Authorization: Token <key>` first; without that header, the dashboard's session cookie.
 * A malformed header is treated as no credentials, as DRF's TokenAuthentication does.
 */
export async function resolveMember(req: Request): Promise<Member> {
  const header = req.headers.get('authorization');
  if (header) {
    const match = TOKEN_HEADER.exec(header);
    if (!match) throw new AuthenticationError();
    return memberFromKey(match[1]);
  }
  const member = await memberFromSession(req);
  if (!member) throw new AuthenticationError();
  return member;
}
