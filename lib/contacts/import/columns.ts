// Header → contact fields. Contact columns are recognised whatever their case and spacing
// ("First Name", "first-name", "FIRST_NAME"); every other named column goes to `meta` under its
// header text as written, so "Lifetime Value" stays readable in the contact's attributes.

export const CONTACT_COLUMNS = [
  'phone', 'first_name', 'last_name', 'email', 'external_id', 'external_url', 'tags', 'source',
] as const;
export type ContactColumn = (typeof CONTACT_COLUMNS)[number];

export type Column =
  | { kind: 'field'; field: ContactColumn; name: string }
  | { kind: 'meta'; key: string; name: string }
  | { kind: 'ignored'; name: string };

/** `phoneIndex` is -1 when the file has no phone column (the upload is refused). */
export type Header = { columns: Column[]; names: string[]; phoneIndex: number };

const KNOWN = new Set<string>(CONTACT_COLUMNS);

function normalize(name: string): string {
  return name.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

export function mapHeader(fields: string[]): Header {
  const seen = new Set<string>();
  const columns = fields.map((raw, i): Column => {
    const name = raw.trim() || `column ${i + 1}`;
    const norm = normalize(raw);
    if (KNOWN.has(norm)) {
      // A repeated contact column would silently overwrite the first: the first one counts.
      if (seen.has(norm)) return { kind: 'ignored', name };
      seen.add(norm);
      return { kind: 'field', field: norm as ContactColumn, name };
    }
    // A blank header cell names nothing the contact could keep; `meta` keys are at most 200.
    if (!raw.trim() || raw.trim().length > 200) return { kind: 'ignored', name };
    return { kind: 'meta', key: raw.trim(), name };
  });
  const phoneIndex = columns.findIndex((c) => c.kind === 'field' && c.field === 'phone');
  return { columns, names: columns.map((c) => c.name), phoneIndex };
}

export function hasPhoneColumn(header: Header): boolean {
  return header.phoneIndex !== -1;
}

export const MISSING_PHONE = 'The CSV header has no "phone" column.';
export const MISSING_HEADER = 'The file is empty: a header line with a "phone" column is required.';
