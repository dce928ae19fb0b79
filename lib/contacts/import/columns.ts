// Header → contact fields. Contact columns are recognised whatever their case and spacing
// ("First Name", "first-name", "FIRST_NAME"), and by the names spreadsheets commonly give them
// ("Mobile", "E-mail"); every other named column goes to `meta` under its header text as written,
// so "Lifetime Value" stays readable in the contact's attributes.

export const CONTACT_COLUMNS = [
  'phone', 'first_name', 'last_name', 'email', 'external_id', 'external_url', 'tags', 'source',
] as const;
export type ContactColumn = (typeof CONTACT_COLUMNS)[number];

export type Column =
  | { kind: 'field'; field: ContactColumn; name: string }
  | { kind: 'meta'; key: string; name: string }
  | { kind: 'ignored'; name: string };

/** `phoneIndex` is -1 when the file has no phone column (the upload is refused). */
export type Header = { columns: Column[]; names: string[]; phoneIndex: number; repeated: string | null };

const KNOWN = new Set<string>(CONTACT_COLUMNS);

/** Other names of a contact column; one counts only when the file has no column of the name itself. */
const ALIASES: Record<string, ContactColumn> = {
  phone_number: 'phone', mobile: 'phone', mobile_phone: 'phone', mobile_number: 'phone', cell: 'phone', cell_phone: 'phone',
  telephone: 'phone', tel: 'phone', whatsapp: 'phone', whatsapp_number: 'phone',
  e_mail: 'email', email_address: 'email', e_mail_address: 'email',
  firstname: 'first_name', given_name: 'first_name', lastname: 'last_name', surname: 'last_name', family_name: 'last_name',
};

function normalize(name: string): string {
  return name.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/** The first columns of this product's download of rejected rows, which a corrected copy still has. */
const REJECTED_DOWNLOAD = ['line', 'reason'];

export function mapHeader(fields: string[]): Header {
  const seen = new Set<string>();
  const exact = new Set(fields.map(normalize).filter((n) => KNOWN.has(n)));
  const fromDownload = REJECTED_DOWNLOAD.every((name, i) => normalize(fields[i] ?? '') === name);
  const metaKeys = new Set<string>();
  let repeated: string | null = null;
  const columns = fields.map((raw, i): Column => {
    const name = raw.trim() || `column ${i + 1}`;
    if (fromDownload && i < REJECTED_DOWNLOAD.length) return { kind: 'ignored', name };
    const norm = normalize(raw);
    const alias = ALIASES[norm];
    const field = KNOWN.has(norm) ? norm as ContactColumn : alias && !exact.has(alias) && !seen.has(alias) ? alias : null;
    if (field) {
      // A repeated contact column would lose one of the two: the file is refused (headerProblem).
      if (seen.has(field)) repeated ??= name;
      seen.add(field);
      return { kind: 'field', field, name };
    }
    // A blank header cell names nothing the contact could keep; `meta` keys are at most 200.
    if (!raw.trim() || raw.trim().length > 200) return { kind: 'ignored', name };
    if (metaKeys.has(raw.trim())) repeated ??= name;
    metaKeys.add(raw.trim());
    return { kind: 'meta', key: raw.trim(), name };
  });
  const phoneIndex = columns.findIndex((c) => c.kind === 'field' && c.field === 'phone');
  return { columns, names: columns.map((c) => c.name), phoneIndex, repeated };
}

/** Why the header cannot be imported as it is, or null. */
export function headerProblem(header: Header): string | null {
  if (header.phoneIndex === -1) return MISSING_PHONE;
  if (header.repeated) return `The CSV header has the column "${header.repeated}" twice: rename or remove one, so that neither is lost.`;
  return null;
}

export const MISSING_PHONE = 'The CSV header has no "phone" column.';
export const MISSING_HEADER = 'The file is empty: a header line with a "phone" column is required.';
