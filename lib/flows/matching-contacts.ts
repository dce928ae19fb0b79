import { sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { ValidationError } from '@/lib/api/errors';
import { filterFieldErrors, filtersWhere } from './start';
import type { MatchingContactsBody } from './validation';

// The run form's live count: how many of the account's contacts an execution's FILTERS would
// take, with the same conditions the execution applies when it gathers its contacts.

export async function countMatchingContacts(db: Executor, accountId: number, body: MatchingContactsBody): Promise<{ count: number }> {
  const errors = filterFieldErrors(body.contact_filters);
  if (errors) throw new ValidationError({ contact_filters: errors });
  const [row] = await execRows<{ count: number }>(db, sql`select count(*)::int as count from contacts c where ${filtersWhere(accountId, body.contact_filters)}`);
  return { count: Number(row?.count ?? 0) };
}
