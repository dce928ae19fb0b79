import { and, eq, isNull } from 'drizzle-orm';
import { getToken } from 'next-auth/jwt';
import { getDb } from '@/db';
import { apiKeys, users } from '@/db/schema';
import { AuthenticationError, INVALID_TOKEN } from '@/lib/api/errors';
import { hashApiKey } from './api-key-format';
import type { Member } from './member';
import { authSecret } from './secret';

const TOKEN_HEADER = /^Token\s+(\S+)\s*$/i;
// last_used_on is written at most once a minute per key, to keep reads free of writes.
const LAST_USED_RESOLUTION_MS = 60_000;

async function memberFromKey(key: string): Promise<Member> {
  const db = await getDb();
  const [row] = await db
    .select({ keyId: apiKeys.id, lastUsedOn: apiKeys.lastUsedOn, userId: users.id, accountId: users.accountId, role: users.role })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedOn), eq(users.isActive, true)))
    .limit(1);
  if (!row) throw new AuthenticationError(INVALID_TOKEN);
  if (!row.lastUsedOn || Date.now() - row.lastUsedOn.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.update(apiKeys).set({ lastUsedOn: new Date() }).where(eq(apiKeys.id, row.keyId));
  }
  return { userId: row.userId, accountId: row.accountId, role: row.role, via: 'key' };
}

export async function memberFromSession(req: Request): Promise<Member | null> {
  if (!req.headers.get('cookie')?.includes('next-auth.session-token')) return null;
  const token = await getToken({ req: req as never, secret: authSecret() });
  const userId = Number(token?.uid);
  if (!userId) return null;
  const db = await getDb();
  const [row] = await db
    .select({ userId: users.id, accountId: users.accountId, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .limit(1);
  return row ? { ...row, via: 'session' } : null;
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
