import type { z } from 'zod';
import type { ContactUpload, ContactUploadSummary } from '@/lib/openapi/schemas/contacts';
import { iso } from '@/lib/serializers/iso';

// The one shape of an upload (GET /api/contact/upload/{id}); the dashboard reads the same. The
// shape is the response schema's (lib/openapi/schemas/contacts.ts).

export type SerializedImport = z.output<typeof ContactUpload>;

export type ImportRowDb = {
  id: string; status: SerializedImport['status']; byte_size: number | string; processed_bytes: number | string; total_rows: number;
  created_count: number; updated_count: number; unchanged_count: number; rejected_count: number; error: string | null;
  created_on: Date | string; started_on: Date | string | null; finished_on: Date | string | null;
};
export type RejectedRowDb = { line: number; reason: string; row: Record<string, string> };

/** An upload in the list of uploads: the same fields, without its rejected rows. */
export function serializeImportSummary(i: ImportRowDb): z.output<typeof ContactUploadSummary> {
  const { rejected_rows: _rows, ...summary } = serializeImport(i, []);
  return summary;
}

export function serializeImport(i: ImportRowDb, rejected: RejectedRowDb[]): SerializedImport {
  return {
    upload_group_id: i.id,
    status: i.status,
    byte_size: Number(i.byte_size),
    processed_bytes: Number(i.processed_bytes),
    rows: i.total_rows,
    created: i.created_count,
    updated: i.updated_count,
    unchanged: i.unchanged_count,
    rejected: i.rejected_count,
    error: i.error,
    created_on: iso(i.created_on),
    started_on: iso(i.started_on),
    finished_on: iso(i.finished_on),
    rejected_rows: rejected.map((r) => ({ line: r.line, reason: r.reason, row: r.row })),
  };
}
