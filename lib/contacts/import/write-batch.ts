import { sql } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';
import { countedTransaction } from '@/lib/contacts/counter';
import { upsertContacts } from '@/lib/contacts/upsert';
import { recordChanges, type ContactEvent } from '@/lib/contacts/write';
import { mergeByPhone, type MergedContact } from './merge';
import type { ImportRow, Rejection } from './row';
import { checkBatchTags, mayTurnChecksOffSql, withBatchReferencesChecked } from './row-checks';

// One batch of the file in one short transaction: its contacts through the same upsert as the
// contact API (upsert.ts), with foreign keys checked once for the batch (row-checks.ts), its
// rejections in one statement, and the import's counters moved in the same transaction.

export type ImportContext = { accountId: number; importId: string; userId: number | null };

export type Batch = {
  rows: ImportRow[];
  rejected: Rejection[];
  /** Data records the batch covers (rows + rejected): the resume offset moves by this much. */
  records: number;
  /** Bytes of the file parsed up to the end of the batch, for progress. */
  bytes: number;
};

export type BatchCounts = { created: number; updated: number; unchanged: number; rejected: number };

/** Raised when the import's committed offset is not the one this run started from. */
export class ConcurrentImportError extends Error {}

/** A row's change: what the file provides (a blank cell provides nothing, so it keeps what is stored). */
function changeOf(c: MergedContact) {
  const fields = Object.fromEntries(Object.entries({
    firstName: c.firstName, lastName: c.lastName, email: c.email, externalUrl: c.externalUrl, externalId: c.externalId,
    source: c.source, optedOutOn: c.optedOut === true ? new Date() : c.optedOut ? new Date(c.optedOut) : undefined,
  }).filter(([, v]) => v !== undefined));
  return {
    fields,
    meta: { mode: 'merge' as const, value: c.meta },
    tags: c.tags.length ? { mode: 'add' as const, names: c.tags } : undefined,
  };
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
  return countedTransaction(db, async (tx) => {
    // The batch and the resume offset commit (or are lost in a crash) together, and the job's own
    // completion is a synchronous commit that flushes these too: no WAL flush per batch is needed.
    // Custom plans, because an import fills an account faster than its statistics follow.
    await tx.execute(sql`select set_config('synchronous_commit', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true)`);
    const merged = mergeByPhone(batch.rows);
    // Recorded once the per-row checks are back on, so event rows are checked as usual.
    const events: ContactEvent[] = [];
    const written = !merged.length ? [] : await withBatchReferencesChecked(tx, mayTurnChecksOff, ctx.accountId, ctx.userId,
      async ({ userId, checksOff }) => {
        const actor = { accountId: ctx.accountId, userId };
        const out = await upsertContacts(tx, merged.map((c) => ({
          actor, canonicalPhone: c.canonicalPhone, phone: c.phone, change: changeOf(c), onExisting: 'merge' as const, restoresDeleted: false,
          importId: ctx.importId, sourceIfNew: 'import',
        })), events);
        if (checksOff) await checkBatchTags(tx, ctx.accountId, merged.flatMap((c) => c.tags));
        return out;
      });
    await recordChanges(tx, events);
    // A new contact counts its first row as created and the rows merged into it as updated; the
    // rows of a contact that already held all they give count as unchanged.
    let created = 0;
    let updated = 0;
    let unchanged = 0;
    written.forEach((w, i) => {
      if (w.created) { created += 1; updated += merged[i].rowCount - 1; } else if (w.unchanged) unchanged += merged[i].rowCount;
      else updated += merged[i].rowCount;
    });
    await addRejections(tx, ctx.importId, batch.rejected);
    const moved = await execRows<{ id: string }>(tx, sql`
      update contact_imports set
        total_rows = total_rows + ${batch.records},
        created_count = created_count + ${created},
        updated_count = updated_count + ${updated},
        unchanged_count = unchanged_count + ${unchanged},
        rejected_count = rejected_count + ${batch.rejected.length},
        processed_bytes = greatest(processed_bytes, ${batch.bytes}),
        heartbeat_on = now()
      where id = ${ctx.importId} and account_id = ${ctx.accountId} and total_rows = ${offset}
      returning id`);
    if (!moved.length) throw new ConcurrentImportError(`import ${ctx.importId} moved past offset ${offset}`);
    return { created, updated, unchanged, rejected: batch.rejected.length };
  });
}
