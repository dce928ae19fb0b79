import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db';
import { users } from '@/db/schema';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';

// Compared against when the email is unknown, so both paths cost one scrypt.
let dummyHash: Promise<string> | null = null;

export async function authenticateUser(email: string, password: string) {
  const db = await getDb();
  const [user] = await db.select().from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase())).limit(1);
  if (!user) {
    dummyHash ??= hashPassword('not a real password');
    await verifyPassword(password, await dummyHash);
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  // The right password of a deactivated member: told why, rather than left to think they mistyped.
  return user.isActive ? user : 'deactivated' as const;
}
