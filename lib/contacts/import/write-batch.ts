import { sql } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';
import { contactSearchText } from '@/lib/contacts/search-text';
import { upsertTags } from '@/lib/tags/service';
import { recordContactEvents } from '@/lib/contacts/events';
import { addToContactCount } from '@/lib/contacts/counter';
import { mergeByPhone, type MergedContact } from './merge';
import type { ImportRow, Rejection } from './row';
import { checkBatchTags, mayTurnChecksOffSql, withBatchReferencesChecked } from './row-checks';

// One batch of the file in one short transaction: contacts upserted in a single statement, tags
// and rejections in one statement each, and the import's counters moved in the same transaction.
// Batch payloads travel as one JSON parameter (jsonb_to_recordset), which both drivers (PGlite and
// postgres.js) pass identically as text, nulls and quotes included.

export type ImportContext = { accountId: number; importId: string; userId: number | null };

export type Batch = {
  rows: ImportRow[];
  rejected: Rejection[];
  /** Data records the batch covers (rows + rejected): the resume offset moves by this much. */
  records: number;
  /** Bytes of the file parsed up to the end of the batch, for progress. */
  bytes: number;
};

export type BatchCounts = { created: number; updated: number; rejected: number };

/** Raised when the import's committed offset is not the one this run started from. */
export class ConcurrentImportError extends Error {}

type Existing = {
  canonical_phone: string; first_name: string | null; last_name: string | null; email: string | null;
  external_url: string | null; source: string; is_deleted: boolean;
};

/**
 * The stored contacts among `phones`, one index probe per phone whatever the statistics say:
 * `limit 1` keeps the planner from flattening the lateral subquery into a join, and the unique
 * index makes it exact. Written as `canonical_phone = any(array)`, the planner, believing the
 * account small while an import was filling it (autovacuum analyses later), probed the index by
 * account alone and filtered every contact of the account by phone: each batch slower than the
 * last, 0.3 s to 1.5 s per 2,000 rows, and a first import of 100,000 rows took 53 s instead of 19.
 */
export function existingContactsQuery(accountId: number, phones: string[]) {
  return sql`
    select c.*
    from jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb) as p(phone),
    lateral (
      select canonical_phone, first_name, last_name, email, external_url, source, is_deleted
      from contacts where account_id = ${accountId} and canonical_phone = p.phone limit 1
    ) c`;
}

async function existingContacts(tx: Executor, accountId: number, phones: string[]): Promise<Map<string, Existing>> {
  const rows = await execRows<Existing>(tx, existingContactsQuery(accountId, phones));
  return new Map(rows.map((r) => [r.canonical_phone, r]));
}

/** Final column values: provided fields, else the stored ones (search_text needs the result). */
function upsertRecord(c: MergedContact, old: Existing | undefined) {
  const fn = c.firstName ?? old?.first_name ?? null;
  const ln = c.lastName ?? old?.last_name ?? null;
  const em = c.email ?? old?.email ?? null;
  const url = c.externalUrl ?? old?.external_url ?? null;
  return {
    cp: c.canonicalPhone, phone: c.phone, fn, ln, em, url, eid: c.externalId ?? null,
    src: c.source ?? old?.source ?? 'import',
    meta: c.meta,
    st: contactSearchText({ canonicalPhone: c.canonicalPhone, firstName: fn, lastName: ln, email: em, externalUrl: url }),
  };
}

async function upsertContacts(tx: Executor, ctx: ImportContext, records: ReturnType<typeof upsertRecord>[]) {
  // Columns absent from the file come through as null and keep the stored value (coalesce); the
  // stored phone spelling is kept, as the contact API's upsert does.
  return execRows<{ id: string; cp: string; inserted: boolean }>(tx, sql`
    insert into contacts (account_id, phone, canonical_phone, first_name, last_name, email, meta, external_url,
      external_id, source, contact_import, created_by, search_text)
    select ${ctx.accountId}, x.phone, x.cp, x.fn, x.ln, x.em, coalesce(x.meta, '{}'::jsonb), x.url, x.eid, x.src,
      ${ctx.importId}::uuid, ${ctx.userId}, x.st
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
      as x(cp text, phone text, fn text, ln text, em text, url text, eid text, src text, meta jsonb, st text)
    order by x.cp
    on conflict (account_id, canonical_phone) do update set
      first_name = coalesce(excluded.first_name, contacts.first_name),
      last_name = coalesce(excluded.last_name, contacts.last_name),
      email = coalesce(excluded.email, contacts.email),
      external_url = coalesce(excluded.external_url, contacts.external_url),
      external_id = coalesce(excluded.external_id, contacts.external_id),
      meta = contacts.meta || excluded.meta,
      source = excluded.source,
      is_deleted = false,
      search_text = excluded.search_text,
      last_updated_on = now()
    returning id, canonical_phone as cp, (xmax = 0) as inserted`);
}

async function addTags(tx: Executor, accountId: number, merged: MergedContact[], ids: Map<string, string>, checksOff: boolean) {
  const names = merged.flatMap((c) => c.tags);
  if (!names.length) return;
  const tagIds = await upsertTags(tx, accountId, names);
  if (checksOff) await checkBatchTags(tx, [...tagIds.values()]);
  const pairs = merged.flatMap((c) => c.tags.map((t) => [ids.get(c.canonicalPhone)!, tagIds.get(t)!]));
  await tx.execute(sql`
    insert into contact_tags (contact_id, tag_id)
    select (p->>0)::uuid, (p->>1)::int from jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) as p
    on conflict do nothing`);
}

async function addRejections(tx: Executor, importId: string, rejected: Rejection[]) {
  if (!rejected.length) return;
  await tx.execute(sql`
    insert into contact_import_errors (import_id, line, reason, row)
    select ${importId}::uuid, x.line, x.reason, x.row
    from jsonb_to_recordset(${JSON.stringify(rejected)}::jsonb) as x(line int, reason text, row jsonb)`);
}

/**
 * Writes one batch. `offset` is the number of data records already committed; the counters only
 * move if it still is, so a job that runs twice (retry, second worker) never counts a row twice.
 */
export async function writeBatch(db: Db, ctx: ImportContext, batch: Batch, offset: number): Promise<BatchCounts> {
  const mayTurnChecksOff = await mayTurnChecksOffSql(db);
  return db.transaction(async (tx) => {
    // synchronous_commit off is safe here: the batch and the resume offset commit (or are lost in
    // a crash) together, and the job's own completion is a synchronous commit that flushes these
    // too. Saves a WAL flush per batch.
    // Custom plans: an import fills an account faster than autovacuum re-analyses it, and a plan
    // cached for a prepared statement while the account was empty went on scanning it whole as it
    // grew (one import in three took 55-60 s instead of 17-19 s, when the lookup of existing
    // contacts was still written as `= any(array)`; that lookup no longer depends on plans, see
    // existingContactsQuery, and this keeps the batch's other statements from doing the same).
    // Planning a 2,000-row statement afresh costs nothing by comparison.
    await tx.execute(sql`select set_config('synchronous_commit', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true)`);
    const merged = mergeByPhone(batch.rows);
    let created = 0;
    let updated = 0;
    let revived = 0;
    const createdIds: string[] = [];
    const updatedIds: string[] = [];
    if (merged.length) {
      // Foreign keys checked once for the batch rather than per row, when the role may (row-checks.ts).
      await withBatchReferencesChecked(tx, mayTurnChecksOff, ctx.accountId, ctx.userId, async ({ userId, checksOff }) => {
        const existing = await existingContacts(tx, ctx.accountId, merged.map((c) => c.canonicalPhone));
        const result = await upsertContacts(tx, { ...ctx, userId }, merged.map((c) => upsertRecord(c, existing.get(c.canonicalPhone))));
        const ids = new Map(result.map((r) => [r.cp, r.id]));
        const byPhone = new Map(merged.map((c) => [c.canonicalPhone, c]));
        for (const r of result) {
          const rowCount = byPhone.get(r.cp)!.rowCount;
          // A new contact counts its first row as created and the rows merged into it as updated.
          if (r.inserted) { created += 1; updated += rowCount - 1; createdIds.push(r.id); }
          else { updated += rowCount; updatedIds.push(r.id); }
          if (!r.inserted && existing.get(r.cp)?.is_deleted) revived += 1;
        }
        await addTags(tx, ctx.accountId, merged, ids, checksOff);
      });
    }
    await addRejections(tx, ctx.importId, batch.rejected);
    // Importing a soft-deleted contact restores it, so it counts again like a created one.
    const moved = await execRows<{ id: string }>(tx, sql`
      with moved as (
        update contact_imports set
          total_rows = total_rows + ${batch.records},
          created_count = created_count + ${created},
          updated_count = updated_count + ${updated},
          rejected_count = rejected_count + ${batch.rejected.length},
          processed_bytes = greatest(processed_bytes, ${batch.bytes})
        where id = ${ctx.importId} and total_rows = ${offset}
        returning id, account_id
      )
      select id from moved`);
    if (!moved.length) throw new ConcurrentImportError(`import ${ctx.importId} moved past offset ${offset}`);
    // contact.created / contact.updated for this batch, in its transaction (nothing when no
    // subscription wants them).
    await recordContactEvents(tx, ctx.accountId, [
      ...createdIds.map((id) => ({ id, type: 'contact.created' as const })),
      ...updatedIds.map((id) => ({ id, type: 'contact.updated' as const })),
    ]);
    // Last, so the count's shard row is locked for the commit alone (see counter.ts).
    await addToContactCount(tx, ctx.accountId, created + revived);
    return { created, updated, rejected: batch.rejected.length };
  });
}
