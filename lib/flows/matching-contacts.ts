import { sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { ValidationError, type FieldErrors } from '@/lib/api/errors';
import { itemErrors } from '@/lib/api/zod-to-drf';
import { filterFieldKnown, filtersWhere } from './start';
import { FILTER_FIELDS_HINT, type MatchingContactsBody } from './validation';

// The run form's live count: how many of the account's contacts an execution's FILTERS would
// take, with the same conditions the execution applies when it gathers its contacts.

export async function countMatchingContacts(db: Executor, accountId: number, body: MatchingContactsBody): Promise<{ count: number }> {
  const errors: Record<string, FieldErrors> = {};
  body.contact_filters.forEach((f, i) => {
    if (!filterFieldKnown(f.field)) errors[i] = { field: [`Unknown field "${f.field}". ${FILTER_FIELDS_HINT}`] };
  });
  if (Object.keys(errors).length) throw new ValidationError({ contact_filters: itemErrors(errors) });
  const [row] = await execRows<{ count: number }>(db, sql`select count(*)::int as count from contacts c where ${filtersWhere(accountId, body.contact_filters)}`);
  return { count: Number(row?.count ?? 0) };
}
