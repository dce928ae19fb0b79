import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db';
import { users } from '@/db/schema';

/**
 * Ends every dashboard session of a member (deactivation, password change or reset). Sessions are
 * signed cookies that carry the member's session epoch from sign-in; bumping the epoch makes each
 * of them fail at its next request (lib/auth/resolve.ts), and the trigger on `users` clears every
 * process's member cache. A server-side session store may replace the body; callers stay the same.
 */
export async function endMemberSessions(tx: Executor, userId: number): Promise<void> {
  await tx.update(users).set({ sessionEpoch: sql`${users.sessionEpoch} + 1` }).where(eq(users.id, userId));
}
