import { eq } from 'drizzle-orm';
import type { Db } from '@/db';
import { users } from '@/db/schema';
import { ApiError, NotFoundError, ValidationError } from '@/lib/api/errors';
import { endMemberSessions } from '@/lib/auth/end-sessions';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import { clearSignInAttempts, countSignInAttempt, signInPolicy } from '@/lib/auth/sign-in-attempts';
import { tooManyAttemptsMessage } from '@/lib/auth/sign-in-message';
import { definedOnly } from '@/lib/sql/defined-only';
import { getMemberProfile } from './service';
import type { ProfileInput } from './validation';

/** A member's own names and profile image. */
export async function updateProfile(db: Db, accountId: number, userId: number, patch: ProfileInput) {
  const changes = definedOnly({ firstName: patch.first_name, lastName: patch.last_name, profileImage: patch.profile_image });
  if (changes) await db.update(users).set(changes).where(eq(users.id, userId));
  const member = await getMemberProfile(db, accountId, userId);
  if (!member) throw new NotFoundError();
  return member;
}

/**
 * A member changes their password, proving the current one; every session of theirs ends. Wrong
 * guesses count against the sign-in limit of the member's address (sign-in-attempts.ts), so a
 * leaked key or session cannot be used to guess the password the sign-in form protects.
 */
export async function changePassword(db: Db, userId: number, current: string, next: string) {
  const [user] = await db.select({ hash: users.passwordHash, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new NotFoundError();
  const policy = signInPolicy();
  const wait = policy && await countSignInAttempt(db, user.email, policy);
  if (wait) throw new ApiError(429, { detail: tooManyAttemptsMessage(wait) }, { 'Retry-After': String(wait) });
  if (!(await verifyPassword(current, user.hash))) throw ValidationError.field('current_password', 'The current password is not correct.');
  if (policy) await clearSignInAttempts(db, user.email);
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await endMemberSessions(tx, userId);
  });
}
