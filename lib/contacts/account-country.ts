import { eq } from 'drizzle-orm';
import { getDb, type Executor } from '@/db';
import { contactSchemasFor } from './validation';
import { accounts } from '@/db/schema';

// The account's default country decides how national numbers are read. It is read on every
// contact write, and changes rarely, so it is cached per process for a short while.
const TTL_MS = 30_000;
const cache = new Map<number, { country: string; at: number }>();

export async function accountCountry(db: Executor, accountId: number): Promise<string> {
  const hit = cache.get(accountId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.country;
  const [row] = await db.select({ country: accounts.country }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  const country = row?.country ?? 'US';
  cache.set(accountId, { country, at: Date.now() });
  return country;
}

/** The contact request schemas with phones read in the member's account country. */
export async function accountContactSchemas(member: { accountId: number }) {
  return contactSchemasFor(await accountCountry(await getDb(), member.accountId));
}
