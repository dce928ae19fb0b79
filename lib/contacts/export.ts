import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { csvLine } from '@/lib/csv/write';
import { isoSql } from '@/lib/serializers/iso';
import { META_PREFIX, needsMetaPrefix } from './import/columns';
import { contactFilterSql } from './list';
import type { ContactFilters } from './validation';

// The account's contacts as one CSV file, with the list's filters (search, tag): the columns the
// CSV import reads, so that an export, edited in a spreadsheet, imports back onto the same
// contacts (phone in E.164, tags joined with ";", when the contact opted out in `opted_out`, each
// attribute in a column of its name).

export const EXPORT_FIELDS = ['phone', 'first_name', 'last_name', 'email', 'external_id', 'external_url', 'source', 'tags', 'opted_out'] as const;

const PAGE = 2000;

type ExportRow = {
  id: string; created_on: string; canonical_phone: string; first_name: string | null; last_name: string | null; email: string | null;
  external_id: string | null; external_url: string | null; source: string | null; tags: string | null; meta: Record<string, string>;
  opted_out: string | null;
};

type Cursor = { createdOn: string; id: string } | null;

export async function contactsCsv(db: Db, accountId: number, filters: ContactFilters): Promise<ReadableStream<Uint8Array>> {
  const where = await contactFilterSql(db, accountId, filters);
  const keys = (await execRows<{ key: string }>(db, sql`
    select distinct k.key from contacts c, jsonb_object_keys(c.meta) as k(key) where ${where} order by k.key`)).map((r) => r.key);
  const encoder = new TextEncoder();
  let after: Cursor = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await page(db, where, after);
      let text = '';
      if (!started) {
        started = true;
        // BOM: spreadsheets then read UTF-8. An attribute named like a contact column is written
        // `meta.<name>`, which the import reads back as that attribute.
        text += '\ufeff' + csvLine([...EXPORT_FIELDS, ...keys.map((k) => (needsMetaPrefix(k) ? `${META_PREFIX}${k}` : k))]);
      }
      for (const r of rows) {
        text += csvLine([r.canonical_phone, r.first_name, r.last_name, r.email, r.external_id, r.external_url, r.source, r.tags,
          r.opted_out ?? '', ...keys.map((k) => r.meta[k])]);
      }
      if (text) controller.enqueue(encoder.encode(text));
      if (rows.length < PAGE) controller.close();
      else after = { createdOn: rows[rows.length - 1].created_on, id: rows[rows.length - 1].id };
    },
  });
}

/** The next page, newest first as in the list; the cursor is the last row's (created_on, id). */
function page(db: Db, where: SQL, after: Cursor): Promise<ExportRow[]> {
  return execRows<ExportRow>(db, sql`
    select c.id, c.created_on::text as created_on, c.canonical_phone, c.first_name, c.last_name, c.email, c.external_id,
      c.external_url, c.source, c.meta, ${isoSql(sql`c.opted_out_on`)} as opted_out,
      (select string_agg(t.name, '; ' order by lower(t.name)) from contact_tags ct join tags t on t.id = ct.tag_id
        where ct.contact_id = c.id) as tags
    from contacts c
    where ${where} ${after ? sql`and (c.created_on, c.id) < (${after.createdOn}::timestamptz, ${after.id}::uuid)` : sql``}
    order by c.created_on desc, c.id desc limit ${PAGE}`);
}
