import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Executor } from '@/db';
import { memberLinks, users } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { endMemberSessions } from '@/lib/auth/end-sessions';
import { hashPassword } from '@/lib/auth/passwords';

// Invitation and password-reset links. The token is in the link only; the database keeps its
// SHA-256, so a copy of the database opens no account. A link works once, until it expires.

export type LinkPurpose = 'INVITE' | 'RESET';
const LIFETIME_HOURS: Record<LinkPurpose, number> = { INVITE: 7 * 24, RESET: 24 };

export type IssuedLink = { url: string; expires_on: string };

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new link for the member; earlier unused links of the same purpose stop working. */
export async function issueMemberLink(tx: Executor, accountId: number, userId: number, purpose: LinkPurpose, origin: string): Promise<IssuedLink> {
  const token = randomBytes(32).toString('base64url');
  const expiresOn = new Date(Date.now() + LIFETIME_HOURS[purpose] * 3600_000);
  await tx.update(memberLinks).set({ usedOn: new Date() }).where(and(
    eq(memberLinks.userId, userId), eq(memberLinks.purpose, purpose), isNull(memberLinks.usedOn),
  ));
  await tx.insert(memberLinks).values({ accountId, userId, purpose, tokenHash: hashToken(token), expiresOn });
  return { url: `${origin}/set-password?token=${token}`, expires_on: expiresOn.toISOString() };
}

async function usableLink(db: Executor, token: string, forUpdate: boolean) {
  let q = db.select({ link: memberLinks, email: users.email, firstName: users.firstName, isActive: users.isActive })
    .from(memberLinks).innerJoin(users, eq(users.id, memberLinks.userId))
    .where(and(eq(memberLinks.tokenHash, hashToken(token)), isNull(memberLinks.usedOn), gt(memberLinks.expiresOn, new Date())))
    .limit(1).$dynamic();
  if (forUpdate) q = q.for('update', { of: memberLinks });
  const [row] = await q;
  // A deactivated member's links do nothing: they must be reactivated first.
  if (!row || !row.isActive) throw new NotFoundError('This link is invalid, used or expired. Ask an admin for a new one.');
  return row;
}

/** What the set-password page shows about a link before it is used. */
export async function describeMemberLink(db: Db, token: string) {
  const row = await usableLink(db, token, false);
  return { purpose: row.link.purpose, email: row.email, first_name: row.firstName, expires_on: row.link.expiresOn.toISOString() };
}

/** Sets the member's password through a link, once; any session they had ends. */
export async function useMemberLink(db: Db, token: string, password: string) {
  if (!password) throw ValidationError.field('password', 'This field is required.');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await usableLink(tx, token, true);
    await tx.update(memberLinks).set({ usedOn: new Date() }).where(eq(memberLinks.id, row.link.id));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.link.userId));
    await endMemberSessions(tx, row.link.userId);
    return { email: row.email };
  });
}
