import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import '@/lib/test-support/unit-database';
import { rolledBack } from '@/lib/test-support/rolled-back';

// An import batch checks its foreign keys once, with locking reads, and writes with Postgres's
// per-row checks off (row-checks.ts). These tests hold it to what the per-row checks gave.

const { closeDatabase, execRows, getDb } = await import('@/db');
type Executor = import('@/db').Executor;
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { upsertTags } = await import('@/lib/tags/service');
const { uploadContactsCsv } = await import('./upload');
const { runImport } = await import('./run');
const { queue, stopQueue } = await import('@/lib/jobs/queue');
const { mapHeader } = await import('./columns');
const { validateRow } = await import('./row');
const { writeBatch } = await import('./write-batch');
const {
  CHECKED_ONCE_TABLES, ReferenceGoneError, checkBatchReferences, checkBatchTags, keepPerRowChecks, mayTurnChecksOffSql,
  withBatchReferencesChecked,
} = await import('./row-checks');

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

const setting = async (tx: Executor) =>
  (await execRows<{ v: string }>(tx, sql`select current_setting('session_replication_role') as v`))[0].v;

/** Whether this transaction holds a lock on the row (its xmax is this transaction's id). */
async function lockedByUs(tx: Executor, table: 'accounts' | 'users' | 'tags', id: number): Promise<boolean> {
  const [row] = await execRows<{ mine: boolean }>(tx, sql`
    select xmax::text = (pg_current_xact_id()::text::bigint % 4294967296)::text as mine
    from ${sql.identifier(table)} where id = ${id}`);
  return row.mine;
}

describe('foreign keys checked once per import batch', () => {
  it('leaves no trigger unfired: the tables written with checks off have none but those enabled ALWAYS', async () => {
    const db = await getDb();
    const triggers = await execRows<{ tgname: string }>(db, sql`
      select tgname from pg_trigger
      where not tgisinternal and tgenabled <> 'A' and tgrelid::regclass::text = any(${sql.param([...CHECKED_ONCE_TABLES])}::text[])`);
    expect(triggers).toEqual([]);
  });

  it('covers every foreign key of those tables: a new one must be checked by the batch too', async () => {
    const db = await getDb();
    const keys = await execRows<{ fk: string }>(db, sql`
      select conrelid::regclass::text || '.' || a.attname || ' -> ' || confrelid::regclass::text as fk
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and conrelid::regclass::text = any(${sql.param([...CHECKED_ONCE_TABLES])}::text[])
      order by 1`);
    expect(keys.map((k) => k.fk)).toEqual([
      'contact_tags.contact_id -> contacts', // the batch's own upserted rows
      'contact_tags.tag_id -> tags', // checkBatchTags
      'contacts.account_id -> accounts', // checkBatchReferences
      'contacts.created_by -> users', // checkBatchReferences
      'tags.account_id -> accounts', // checkBatchReferences
    ]);
  });

  it('locks the account and the creator as the checks would, and turns the checks off for the write alone', async () => {
    const db = await getDb();
    const seeded = await seedTestAccount(db, { country: 'MX' });
    const off = await mayTurnChecksOffSql(db);
    await rolledBack(db, async (tx) => {
      const refs = await withBatchReferencesChecked(tx, off, seeded.account_id, seeded.admin.id, async (refs) => {
        expect(await lockedByUs(tx, 'accounts', seeded.account_id)).toBe(true);
        expect(await lockedByUs(tx, 'users', seeded.admin.id)).toBe(true);
        expect(await setting(tx)).toBe('replica'); // the test engines run as a superuser
        return refs;
      });
      expect(refs).toEqual({ userId: seeded.admin.id, checksOff: true });
      expect(await setting(tx)).toBe('origin');
    });
  });

  it('writes rows without a creator when the creator is gone, and refuses when the account is', async () => {
    const db = await getDb();
    const seeded = await seedTestAccount(db, { country: 'MX' });
    const off = await mayTurnChecksOffSql(db);
    await rolledBack(db, async (tx) => {
      expect(await checkBatchReferences(tx, off, seeded.account_id, 2_000_000_000)).toEqual({ userId: null, checksOff: true });
      expect(await checkBatchReferences(tx, off, seeded.account_id, null)).toEqual({ userId: null, checksOff: true });
    });
    await expect(rolledBack(db, (tx) => checkBatchReferences(tx, off, 2_000_000_000, seeded.admin.id).then(() => {})))
      .rejects.toBeInstanceOf(ReferenceGoneError);
  });

  it('keeps the per-row checks for a role without the privilege, and turns them off for one granted it', async () => {
    const db = await getDb();
    const seeded = await seedTestAccount(db, { country: 'MX' });
    const off = await mayTurnChecksOffSql(db);
    for (const granted of [false, true]) {
      await rolledBack(db, async (tx) => {
        const role = `import_check_${granted ? 'granted' : 'plain'}_${Date.now()}`;
        await tx.execute(sql.raw(`create role ${role}`));
        await tx.execute(sql.raw(`grant select, update on accounts, users to ${role}`)); // FOR KEY SHARE needs both
        if (granted) await tx.execute(sql.raw(`grant set on parameter session_replication_role to ${role}`));
        await tx.execute(sql.raw(`set local role ${role}`));
        expect(await checkBatchReferences(tx, off, seeded.account_id, seeded.admin.id))
          .toEqual({ userId: seeded.admin.id, checksOff: granted });
        expect(await setting(tx)).toBe(granted ? 'replica' : 'origin');
      });
    }
  });

  it('writes a batch whose creator is gone with no creator', async () => {
    const db = await getDb();
    const seeded = await seedTestAccount(db, { country: 'MX' });
    const [{ id: importId }] = await execRows<{ id: string }>(db, sql`
      insert into contact_imports (account_id, created_by) values (${seeded.account_id}, ${seeded.admin.id}) returning id`);
    const header = mapHeader(['phone', 'first_name', 'tags']);
    const rows = [['+52 55 1000 0101', 'Gone', 'vip'], ['+52 55 1000 0102', 'Creator', '']]
      .map((fields, i) => validateRow(header, fields, i + 2, 'MX'))
      .map((r) => (r.ok ? r.row : expect.unreachable()));
    const ctx = { accountId: seeded.account_id, importId, userId: 2_000_000_000 }; // deleted since the upload
    expect(await writeBatch(db, ctx, { rows, rejected: [], records: 2, bytes: 10 }, 0)).toEqual({ created: 2, updated: 0, unchanged: 0, rejected: 0 });
    const stored = await execRows<{ first_name: string; created_by: number | null }>(db, sql`
      select first_name, created_by from contacts where account_id = ${seeded.account_id} order by canonical_phone`);
    expect(stored).toEqual([{ first_name: 'Gone', created_by: null }, { first_name: 'Creator', created_by: null }]);
  });

  it('locks the batch tags, and refuses when one of them is gone', async () => {
    const db = await getDb();
    const seeded = await seedTestAccount(db, { country: 'MX' });
    const tags = await upsertTags(db, seeded.account_id, ['vip', 'lead']);
    await rolledBack(db, async (tx) => {
      await checkBatchTags(tx, seeded.account_id, ['vip', 'lead', 'vip']);
      expect(await lockedByUs(tx, 'tags', tags.get('vip')!)).toBe(true);
      expect(await lockedByUs(tx, 'tags', tags.get('lead')!)).toBe(true);
    });
    await expect(rolledBack(db, (tx) => checkBatchTags(tx, seeded.account_id, ['vip', 'gone'])))
      .rejects.toBeInstanceOf(ReferenceGoneError);
  });

  it('imports exactly what an import with per-row checks imports', async () => {
    const db = await getDb();
    await queue(); // the upload enqueues its job (PGlite is one connection)
    const csv = [
      'phone,first_name,tags,city',
      '+52 55 1000 0001,Ana,vip;lead,Mérida',
      '+52 55 1000 0002,Beto,,Puebla',
      '+52 1 55 1000 0001,Ana María,b2b,', // the first contact again (Mexico's +52 1)
      'not a phone,Nadie,vip,',
      '55 1000 0003,Caro,lead;lead;newsletter,León', // national number, MX account
    ].join('\n');

    async function importInto(checkOnce: boolean) {
      keepPerRowChecks(db, !checkOnce);
      const seeded = await seedTestAccount(db, { country: 'MX' });
      const body = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new TextEncoder().encode(csv)); c.close(); } });
      const id = await uploadContactsCsv(db, { accountId: seeded.account_id, userId: seeded.admin.id }, body, csv.length);
      await runImport(db, id, 2);
      const [counts] = await execRows(db, sql`
        select status, total_rows, created_count, updated_count, rejected_count from contact_imports where id = ${id}`);
      const contacts = await execRows<{ created_by: number }>(db, sql`
        select c.canonical_phone, c.first_name, c.meta, c.created_by,
          coalesce((select array_agg(t.name order by t.name) from contact_tags ct join tags t on t.id = ct.tag_id
            where ct.contact_id = c.id), '{}') as tags,
          exists (select 1 from contact_search s where s.contact_id = c.id and s.search_text = c.search_text) as searchable
        from contacts c where c.account_id = ${seeded.account_id} order by c.canonical_phone`);
      return { counts, contacts, creator: seeded.admin.id };
    }

    try {
      const perRow = await importInto(false);
      const once = await importInto(true);
      expect(once.counts).toEqual(perRow.counts);
      expect(once.counts).toMatchObject({ status: 'COMPLETED', total_rows: 5, created_count: 3, updated_count: 1, rejected_count: 1 });
      const withoutCreator = (rows: { created_by: number }[]) => rows.map(({ created_by: _, ...rest }) => rest);
      expect(withoutCreator(once.contacts)).toEqual(withoutCreator(perRow.contacts));
      expect(once.contacts.map((c) => c.created_by)).toEqual([once.creator, once.creator, once.creator]);
      expect(once.contacts).toMatchObject([
        { canonical_phone: '+525510000001', first_name: 'Ana María', tags: ['b2b', 'lead', 'vip'], searchable: true },
        { canonical_phone: '+525510000002', first_name: 'Beto', tags: [], searchable: true },
        { canonical_phone: '+525510000003', first_name: 'Caro', tags: ['lead', 'newsletter'], searchable: true },
      ]);
    } finally {
      keepPerRowChecks(db, false);
    }
  });
});
