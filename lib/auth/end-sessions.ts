import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db';
import { users } from '@/db/schema';
import { forgetMembers } from './member-cache';

/**
 * Ends every dashboard session of the user at once: sessions carry the epoch they began in, and
 * one from an earlier epoch is refused (session-member.ts). For sign-out, deactivation and a
 * password change. Every web process forgets its cached copy when `tx` commits (the users
 * trigger); this one forgets at once too.
 */
export async function endMemberSessions(tx: Executor, userId: number): Promise<void> {
  await tx.update(users).set({ sessionEpoch: sql`${users.sessionEpoch} + 1` }).where(eq(users.id, userId));
  forgetMembers();
}
