import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { users } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { endMemberSessions } from '@/lib/auth/end-sessions';
import { hashPassword } from '@/lib/auth/passwords';
import { definedOnly } from '@/lib/sql/defined-only';
import { issueMemberLink, type IssuedLink } from './links';
import { getMemberProfile } from './service';
import type { AddMemberInput, UpdateMemberInput } from './validation';

const LAST_ADMIN = 'The account needs at least one active admin who can sign in: make another member an admin first (an invited admin counts once they have set a password).';

/** An admin adds a member: with the password given, or an invitation link shown this once. */
export async function addMember(db: Db, accountId: number, input: AddMemberInput, origin: string) {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const { userId, invitation } = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users)
      .where(eq(sql`lower(${users.email})`, input.email.toLowerCase())).limit(1);
    if (taken) throw ValidationError.field('email', 'A user with that email already exists.');
    const [user] = await tx.insert(users).values({
      accountId, email: input.email, firstName: input.first_name, lastName: input.last_name, role: input.role, passwordHash,
    }).returning({ id: users.id });
    const link: IssuedLink | null = passwordHash ? null : await issueMemberLink(tx, accountId, user.id, 'INVITE', origin);
    return { userId: user.id, invitation: link };
  });
  const member = await getMemberProfile(db, accountId, userId);
  return { ...member!, invitation_url: invitation?.url ?? null, invitation_expires_on: invitation?.expires_on ?? null };
}

/**
 * Role, names, deactivation and reactivation. A deactivated member's sessions end and their API
 * keys are refused from the next request (resolve.ts reads `is_active`; the cache is notified).
 */
export async function updateMember(db: Db, accountId: number, userId: number, patch: UpdateMemberInput) {
  await db.transaction(async (tx) => {
    // Admin changes of one account take turns, so two admins demoting each other cannot both win.
    await tx.execute(sql`select pg_advisory_xact_lock(${727_012}, ${accountId})`);
    const [user] = await tx.select().from(users).where(and(eq(users.accountId, accountId), eq(users.id, userId))).limit(1);
    if (!user) throw new NotFoundError();
    const losesAdmin = user.role === 'ADMIN' && user.isActive
      && ((patch.role !== undefined && patch.role !== 'ADMIN') || patch.is_active === false);
    if (losesAdmin) {
      // An invited admin who has not set a password yet cannot sign in to run the account.
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(and(
        eq(users.accountId, accountId), eq(users.role, 'ADMIN'), eq(users.isActive, true), ne(users.id, userId), isNotNull(users.passwordHash),
      ));
      if (n === 0) throw ValidationError.field(patch.is_active === false ? 'is_active' : 'role', LAST_ADMIN);
    }
    const changes = definedOnly({ firstName: patch.first_name, lastName: patch.last_name, role: patch.role, isActive: patch.is_active });
    if (changes) await tx.update(users).set(changes).where(eq(users.id, userId));
    if (patch.is_active === false && user.isActive) await endMemberSessions(tx, userId);
  });
  return (await getMemberProfile(db, accountId, userId))!;
}

/** A password-reset link an admin hands to a member (and, with SMTP configured, emails). */
export async function createResetLink(db: Db, accountId: number, userId: number, origin: string) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email, isActive: users.isActive }).from(users)
      .where(and(eq(users.accountId, accountId), eq(users.id, userId))).limit(1);
    if (!user) throw new NotFoundError();
    if (!user.isActive) throw ValidationError.nonField('The member is deactivated: reactivate them first.');
    return { ...(await issueMemberLink(tx, accountId, user.id, 'RESET', origin)), email: user.email };
  });
}
