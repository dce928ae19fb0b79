import '@/lib/api/drf-messages';
import type { z } from 'zod';
import { contactUpsertSchema, META_MAX_VALUE, META_VALUE_TOO_LONG } from '@/lib/contacts/validation';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import type { ContactColumn, Header } from './columns';

// One CSV record → the contact fields it provides, or the reason it is rejected. The rules are
// those of the contact API (same zod fields, same DRF messages). A blank cell provides nothing:
// merging a row into an existing contact never erases what the contact already has.

export type ImportRow = {
  line: number;
  canonicalPhone: string;
  phone: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  externalId?: string;
  externalUrl?: string;
  source?: string;
  /**
   * A yes in the `opted_out` cell: the contact opts out then (an ISO time the cell gave), or at the
   * import (true). An import never opts anyone back in.
   */
  optedOut?: true | string;
  meta: Record<string, string>;
  tags: string[];
};

export type Rejection = { line: number; reason: string; row: Record<string, string> };

export type RowResult = { ok: true; row: ImportRow } | { ok: false; rejection: Rejection };

const shape = contactUpsertSchema.shape;
const fieldSchemas: Partial<Record<ContactColumn, z.ZodType>> = {
  first_name: shape.first_name,
  last_name: shape.last_name,
  email: shape.email,
  external_id: shape.external_id,
  external_url: shape.external_url,
  source: shape.source,
};
const PROP = {
  first_name: 'firstName', last_name: 'lastName', email: 'email', external_id: 'externalId',
  external_url: 'externalUrl', source: 'source',
} as const;

// An `opted_out` cell: these (or a date, as another system's "opted out on" gives it) opt the
// contact out; blank and the others leave them as they are. English, Spanish and Portuguese.
const OPTED_OUT_YES = new Set(['true', 'yes', 'y', '1', 'x', 'si', 'sí', 'verdadero', 'sim', 'verdadeiro']);
const OPTED_OUT_NO = new Set(['', 'false', 'no', 'n', '0', 'falso', 'nao', 'não']);
const DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/i;

/** The time a date cell gives (a day that exists; one later than now is now), as ISO text, or null. */
function calendarTime(text: string): string | null {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return null;
  // A time given without its zone is UTC, whatever this process's zone ("+00" is Postgres's own).
  const time = text.slice(10);
  const zoned = !time || /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(time) ? text : `${text}Z`;
  const at = Date.parse(time ? zoned.toUpperCase().replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00') : text);
  return Number.isNaN(at) ? null : new Date(Math.min(at, Date.now())).toISOString();
}

/** True when every cell is blank: spreadsheets pad files with such rows; they are not counted. */
export function isBlankRecord(fields: string[]): boolean {
  return fields.every((f) => f.trim() === '');
}

// A rejected cell is kept for the report up to the longest value a row may import, so that the
// corrected download imports whole; a runaway quoted field can be megabytes long.
const KEPT_CELL = META_MAX_VALUE;

/** The record as the user wrote it, keyed by header name, for rejection reports. */
export function rowObject(header: Header, fields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  fields.forEach((value, i) => {
    out[header.names[i] ?? `column ${i + 1}`] = value.length > KEPT_CELL ? `${value.slice(0, KEPT_CELL)}…` : value;
  });
  return out;
}

export function validateRow(header: Header, fields: string[], line: number, country: string): RowResult {
  const reject = (reason: string): RowResult => ({ ok: false, rejection: { line, reason, row: rowObject(header, fields) } });
  const extra = fields.slice(header.columns.length).filter((f) => f.trim() !== '').length;
  if (extra) return reject(`The row has ${fields.length} fields but the header has ${header.columns.length}.`);

  // The phone first: it is what makes a row a contact, so it is the reason worth reporting.
  let phone = (fields[header.phoneIndex] ?? '').trim();
  for (const other of header.otherPhones) if (!phone) phone = (fields[other] ?? '').trim();
  if (phone.length > 64) return reject('phone: Ensure this field has no more than 64 characters.');
  const canonical = canonicalizePhone(phone, country);
  if (!canonical.ok) return reject(canonical.reason); // already names the phone

  const row: ImportRow = { line, canonicalPhone: canonical.e164, phone, meta: {}, tags: [] };
  for (let i = 0; i < header.columns.length; i++) {
    const column = header.columns[i];
    const value = fields[i] ?? '';
    if (column.kind === 'meta') {
      if (value.length > META_MAX_VALUE) return reject(`${column.key}: ${META_VALUE_TOO_LONG}`);
      if (value.trim() !== '') row.meta[column.key] = value;
    } else if (column.kind === 'field') {
      if (column.field === 'phone') continue;
      if (column.field === 'opted_out') {
        const flag = value.trim().toLowerCase();
        const on = DATE.test(flag) ? calendarTime(value.trim()) : null;
        if (on) row.optedOut = on;
        else if (OPTED_OUT_YES.has(flag)) row.optedOut = true;
        // A column only named like it (an alias) keeps a value it cannot read as an attribute, as before.
        else if (!OPTED_OUT_NO.has(flag) && column.alias) {
          if (value.length > META_MAX_VALUE) return reject(`${column.name}: ${META_VALUE_TOO_LONG}`);
          row.meta[column.name] = value;
        } else if (!OPTED_OUT_NO.has(flag)) {
          return reject(`opted_out: "${value.trim().slice(0, 40)}" is neither yes (true, yes, 1, x, sí, sim, or a date) nor no (false, no, 0, não, or blank).`);
        }
      } else if (column.field === 'tags') {
        const tags = [...new Set(value.split(';').map((t) => t.trim()).filter(Boolean))];
        const long = tags.find((t) => t.length > 100);
        if (long) return reject('tags: Ensure this field has no more than 100 characters.');
        row.tags = tags;
      } else if (value.trim() !== '') {
        const parsed = fieldSchemas[column.field]!.safeParse(value);
        if (!parsed.success) return reject(`${column.field}: ${parsed.error.issues[0].message}`);
        row[PROP[column.field]] = parsed.data as string;
      }
    }
  }
  return { ok: true, row };
}
