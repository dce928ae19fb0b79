import { getDb, type Executor } from '@/db';
import { accountSettings } from '@/lib/accounts/cached-settings';
import { contactSchemasFor } from './validation';

/** The country the account's national numbers are read in (read on every contact write, and cached). */
export async function accountCountry(db: Executor, accountId: number): Promise<string> {
  return (await accountSettings(db, [accountId])).get(accountId)?.country ?? 'US';
}

/** The contact request schemas with phones read in the member's account country. */
export async function accountContactSchemas(member: { accountId: number }) {
  return contactSchemasFor(await accountCountry(await getDb(), member.accountId));
}
