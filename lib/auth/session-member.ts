import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db';
import { users } from '@/db/schema';
import { cachedUnless } from './member-cache';
import type { Member } from './member';

type SessionUser = Omit<Member, 'via'> & { sessionEpoch: number };

/** What a session token carries of its member (set at sign-in by next-auth's jwt callback). */
export type SessionClaims = Record<string, unknown>;

/**
 * The member a session token stands for, or null when the user is gone, deactivated, or their
 * sessions were ended after this one began. Tokens from before epochs existed count as epoch 0.
 */
export async function sessionMember(claims: SessionClaims | null | undefined, fresh = false): Promise<Member | null> {
  const userId = Number(claims?.uid);
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  const user = await cachedUnless(fresh, `user:${userId}`, async (): Promise<SessionUser | null> => {
    const db = await getDb();
    const [row] = await db
      .select({ userId: users.id, accountId: users.accountId, role: users.role, sessionEpoch: users.sessionEpoch })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.isActive, true)))
      .limit(1);
    return row ?? null;
  });
  if (!user || user.sessionEpoch !== Number(claims?.epoch ?? 0)) return null;
  return { userId: user.userId, accountId: user.accountId, role: user.role, via: 'session' };
}

/** The epoch a new session of the user begins in. */
export async function currentSessionEpoch(userId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ epoch: users.sessionEpoch }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.epoch ?? 0;
}
