import { sql } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';

// Postgres checks a foreign key with one query per written row. An import batch makes four per
// contact (contact → account and creator; contact_tag → contact and tag), and within a batch they
// all ask the same question of the same few rows: for 100,000 rows they were 3.9 of the 8.3 s of
// CPU Postgres spent on the import. So a batch asks once instead. It takes the locks the checks
// would take (FOR KEY SHARE on the account, the creator and the batch's tags; the contacts are
// rows the batch's own upsert wrote or locked), and writes the contacts and their tags with the
// per-row checks off (session_replication_role = replica, until the tags are written). A deleted
// account, creator or tag is found by those locking reads, as the checks would have found it.
//
// Changing session_replication_role needs a superuser (the embedded engine, a local Postgres) or,
// from Postgres 15, `GRANT SET ON PARAMETER session_replication_role TO <role>`; without it the
// import writes with the ordinary checks, as correct and slower.
//
// Replica mode turns off ordinary triggers as well: contacts, tags and contact_tags have none, and
// row-checks.test.ts fails when one is added.

export const CHECKED_ONCE_TABLES = ['contacts', 'tags', 'contact_tags'] as const;

/** Whether the role in use may turn the per-row checks off. */
export async function rowChecksCanBeTurnedOff(executor: Executor): Promise<boolean> {
  try {
    const [row] = await execRows<{ ok: boolean }>(executor, sql`
      select current_setting('is_superuser') = 'on'
        or has_parameter_privilege('session_replication_role', 'SET') as ok`);
    return Boolean(row?.ok);
  } catch {
    return false; // before Postgres 15 there is no has_parameter_privilege: superusers only
  }
}

const permitted = new WeakMap<Db, Promise<boolean>>();

/** rowChecksCanBeTurnedOff, asked once per database. */
export function mayCheckOncePerBatch(db: Db): Promise<boolean> {
  let answer = permitted.get(db);
  if (!answer) {
    answer = rowChecksCanBeTurnedOff(db);
    permitted.set(db, answer);
  }
  return answer;
}

/** For tests, which write both ways and compare; null asks the database again. */
export function setCheckOncePerBatch(db: Db, allowed: boolean | null): void {
  if (allowed === null) permitted.delete(db);
  else permitted.set(db, Promise.resolve(allowed));
}

/** Raised when a row the batch refers to was deleted meanwhile; the job's retry starts afresh. */
export class ReferenceGoneError extends Error {}

/**
 * Locks the account and the creator as the per-row checks would, then turns those checks off for
 * the transaction. The creator may have been deleted since the upload: the rows then get no
 * creator, as ON DELETE SET NULL would have left them.
 */
export async function checkBatchReferences(tx: Executor, accountId: number, userId: number | null): Promise<{ userId: number | null }> {
  const [row] = await execRows<{ account_id: number | null; user_id: number | null }>(tx, sql`
    with account as (select id from accounts where id = ${accountId} for key share),
      creator as (select id from users where id = ${userId} for key share)
    select (select id from account) as account_id, (select id from creator) as user_id,
      set_config('session_replication_role', 'replica', true)`);
  if (row?.account_id == null) throw new ReferenceGoneError(`account ${accountId} no longer exists`);
  return { userId: row.user_id ?? null };
}

/** Locks the batch's tags as the per-row checks would; all of them must still exist. */
export async function checkBatchTags(tx: Executor, tagIds: number[]): Promise<void> {
  const unique = [...new Set(tagIds)];
  if (!unique.length) return;
  const [{ n }] = await execRows<{ n: number }>(tx, sql`
    select count(*)::int as n from (select id from tags where id = any(${sql.param(unique)}::int[]) for key share) t`);
  if (Number(n) !== unique.length) throw new ReferenceGoneError('a tag was deleted while the import was writing it');
}

/** Per-row checks back on, for the rest of the batch's transaction. */
export async function restoreRowChecks(tx: Executor): Promise<void> {
  await tx.execute(sql`select set_config('session_replication_role', 'origin', true)`);
}
