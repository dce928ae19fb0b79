import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { accounts, users } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { hashPassword } from '@/lib/auth/passwords';
import { createSandboxChannel } from '@/lib/channels/service';
import { createAccountSchema, type CreateAccountInput } from './validation';

// Serialises concurrent first-run setups (any fixed number).
const SETUP_LOCK = 727_002;

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  return Boolean(row);
}

export async function createAccountWithAdmin(db: Db, input: CreateAccountInput, options: { onlyIfEmpty?: boolean } = {}) {
  const data = createAccountSchema.parse(input);
  const passwordHash = await hashPassword(data.password);
  return db.transaction(async (tx) => {
    if (options.onlyIfEmpty) {
      await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
      const [existing] = await tx.select({ id: accounts.id }).from(accounts).limit(1);
      // Setup exists only on an empty database; afterwards it is simply not there.
      if (existing) throw new NotFoundError();
    }
    const [taken] = await tx.select({ id: users.id }).from(users)
      .where(eq(sql`lower(${users.email})`, data.email.toLowerCase())).limit(1);
    if (taken) throw ValidationError.field('email', 'A user with that email already exists.');
    const [account] = await tx.insert(accounts).values({
      name: data.name, country: data.country, defaultTimezone: data.default_timezone, status: 'ACTIVE',
    }).returning();
    const [admin] = await tx.insert(users).values({
      accountId: account.id, email: data.email, firstName: data.first_name, lastName: data.last_name,
      role: 'ADMIN', passwordHash,
    }).returning();
    // Every account can send right away: a sandbox channel with approved templates.
    await createSandboxChannel(tx, account.id);
    return { account, admin };
  });
}

export async function setupNeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).limit(1);
  return !row;
}

export async function getAccount(db: Db, accountId: number) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return account ?? null;
}
