import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';

// Postgres checks a foreign key with one query per written row. An import batch makes several per
// contact (contact → account, creator and import; contact_tag → contact and tag), and within a
// batch they all ask the same question of the same few rows: they were close to half of the CPU
// Postgres spent on an import (bench/README.md). So a batch asks once instead. It takes the locks the checks
// would take (FOR KEY SHARE on the account, the creator and the batch's tags; the contacts are
// rows the batch's own upsert wrote or locked), and writes the contacts and their tags with the
// per-row checks off (session_replication_role = replica, until the tags are written). A deleted
// account, creator or tag is found by those locking reads, as the checks would have found it.
//
// Changing session_replication_role needs a superuser (the embedded engine, a local Postgres) or,
// from Postgres 15, `GRANT SET ON PARAMETER session_replication_role TO <role>`. Each batch asks
// in the statement that takes the locks, so a privilege granted or revoked while the server runs
// counts from the next batch; without it the batch writes with the ordinary checks, as correct
// and slower. Each change of the setting also makes Postgres drop the connection's cached plans,
// which are planned again on their next use (twice per batch: nothing to speak of).
//
// Replica mode turns off ordinary triggers as well: contacts, tags and contact_tags have none but
// those enabled ALWAYS (the contacts' search rows, migration 0024), and row-checks.test.ts fails
// when one is added, or a foreign key the batch does not check itself.

export const CHECKED_ONCE_TABLES = ['contacts', 'tags', 'contact_tags'] as const;

const grantsExist = new WeakMap<Db, Promise<boolean>>();

/** Whether the server knows parameter privileges (Postgres 15 and later), asked once per database. */
function parameterGrantsExist(db: Db): Promise<boolean> {
  let answer = grantsExist.get(db);
  if (!answer) {
    answer = execRows<{ ok: boolean }>(db, sql`select current_setting('server_version_num')::int >= 150000 as ok`)
      .then(([row]) => Boolean(row?.ok));
    answer.catch(() => grantsExist.delete(db)); // asked again next time
    grantsExist.set(db, answer);
  }
  return answer;
}

const perRowOnly = new WeakSet<Db>();

/** For tests, which write both ways and compare: true keeps the per-row checks for this database. */
export function keepPerRowChecks(db: Db, keep: boolean): void {
  if (keep) perRowOnly.add(db);
  else perRowOnly.delete(db);
}

/** SQL deciding whether this session's role may turn the per-row checks off. */
export async function mayTurnChecksOffSql(db: Db): Promise<SQL> {
  if (perRowOnly.has(db)) return sql`false`;
  return (await parameterGrantsExist(db))
    ? sql`(current_setting('is_superuser') = 'on' or has_parameter_privilege('session_replication_role', 'SET'))`
    : sql`current_setting('is_superuser') = 'on'`;
}

/** Raised when a row the batch refers to was deleted meanwhile; the job's retry starts afresh. */
export class ReferenceGoneError extends Error {}

export type BatchReferences = { userId: number | null; checksOff: boolean };

/**
 * Locks the account and the creator as the per-row checks would and, when the role may, turns
 * those checks off for the transaction. The creator may have been deleted since the upload: the
 * rows then get no creator, as ON DELETE SET NULL would have left them.
 */
export async function checkBatchReferences(
  tx: Executor, mayTurnOff: SQL, accountId: number, userId: number | null,
): Promise<BatchReferences> {
  const [row] = await execRows<{ account_id: number | null; user_id: number | null; role: string | null }>(tx, sql`
    with account as (select id from accounts where id = ${accountId} for key share),
      creator as (select id from users where id = ${userId} for key share)
    select (select id from account) as account_id, (select id from creator) as user_id,
      case when ${mayTurnOff} then set_config('session_replication_role', 'replica', true) end as role`);
  if (row?.account_id == null) throw new ReferenceGoneError(`account ${accountId} no longer exists`);
  return { userId: row.user_id ?? null, checksOff: row.role === 'replica' };
}

/** Locks the batch's tags (by name) as the per-row checks would; all of them must still exist. */
export async function checkBatchTags(tx: Executor, accountId: number, names: string[]): Promise<void> {
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  if (!unique.length) return;
  // Names match their tag whatever the case (upsertTags): every name must still find one.
  const [{ missing }] = await execRows<{ missing: number }>(tx, sql`
    with locked as (select lower(name) as k from tags
      where account_id = ${accountId} and lower(name) = any(select lower(x) from unnest(${sql.param(unique)}::text[]) as x) for key share)
    select count(*)::int as missing from unnest(${sql.param(unique)}::text[]) as u(name)
    where lower(u.name) not in (select k from locked)`);
  if (Number(missing) > 0) throw new ReferenceGoneError('a tag was deleted while the import was writing it');
}

/**
 * Runs `write` (the batch's contacts and tags) after checkBatchReferences, and turns the per-row
 * checks back on after it, for the rest of the transaction. `mayTurnOff` comes from
 * mayTurnChecksOffSql, asked before the transaction (PGlite is one connection).
 */
export async function withBatchReferencesChecked<T>(
  tx: Executor, mayTurnOff: SQL, accountId: number, userId: number | null, write: (refs: BatchReferences) => Promise<T>,
): Promise<T> {
  const refs = await checkBatchReferences(tx, mayTurnOff, accountId, userId);
  const result = await write(refs);
  if (refs.checksOff) await tx.execute(sql`select set_config('session_replication_role', 'origin', true)`);
  return result;
}
