import { RESERVED_KEY } from '@/lib/api/hostile-input';
import { META_MAX_KEYS } from '../validation';

// Header → contact fields. Contact columns are recognised whatever their case and spacing
// ("First Name", "first-name", "FIRST_NAME"), and by the names spreadsheets commonly give them
// ("Mobile", "E-mail"); every other named column goes to `meta` under its header text as written,
// so "Lifetime Value" stays readable in the contact's attributes.

export const CONTACT_COLUMNS = [
  'phone', 'first_name', 'last_name', 'email', 'external_id', 'external_url', 'tags', 'source', 'opted_out',
] as const;

/**
 * A column named `meta.<key>` is the attribute `<key>` whatever its name: the export writes an
 * attribute so when its name is also a contact column's ("email", "meta.x").
 */
export const META_PREFIX = 'meta.';

/** Whether a column of this name would not import as the attribute of that name. */
export function needsMetaPrefix(key: string): boolean {
  const norm = normalize(key);
  return KNOWN.has(norm) || ALIASES.has(norm) || key.trim().toLowerCase().startsWith(META_PREFIX) || key.trim() !== key || !key;
}
export type ContactColumn = (typeof CONTACT_COLUMNS)[number];

export type Column =
  | { kind: 'field'; field: ContactColumn; name: string; alias?: true }
  | { kind: 'meta'; key: string; name: string }
  | { kind: 'ignored'; name: string };

/**
 * `phoneIndex` is -1 when the file has no phone column (the upload is refused). `otherPhones`: the
 * other columns named as phones ("Mobile" beside "Phone"), read in order when a row's phone is
 * blank; they are kept as attributes too.
 */
export type Header = { columns: Column[]; names: string[]; phoneIndex: number; otherPhones: number[]; repeated: string | null; reserved: boolean };

const KNOWN = new Set<string>(CONTACT_COLUMNS);

/**
 * Other names of a contact column, as spreadsheets, CRMs and contact exports in English, Spanish and
 * Portuguese give them (compared without case, accents or spacing); one counts only when the file
 * has no column of the name itself.
 */
// A Map, not an object: a column named "constructor" must not find Object's own properties.
const ALIASES = new Map<string, ContactColumn>(Object.entries({
  phone_number: 'phone', mobile: 'phone', mobile_phone: 'phone', mobile_number: 'phone', mobile_phone_number: 'phone',
  cell: 'phone', cell_phone: 'phone', telephone: 'phone', tel: 'phone', whatsapp: 'phone', whatsapp_number: 'phone',
  phone_1_value: 'phone', phone_2_value: 'phone', // Google Contacts
  telefono: 'phone', telefono_movil: 'phone', movil: 'phone', celular: 'phone', numero_de_telefono: 'phone', numero_celular: 'phone',
  telefone: 'phone', telefone_celular: 'phone', numero_de_telefone: 'phone',
  e_mail: 'email', email_address: 'email', e_mail_address: 'email', e_mail_1_value: 'email', email_1_value: 'email',
  correo: 'email', correo_electronico: 'email',
  firstname: 'first_name', given_name: 'first_name', nombre: 'first_name', nome: 'first_name', primer_nombre: 'first_name',
  lastname: 'last_name', surname: 'last_name', family_name: 'last_name', apellido: 'last_name', apellidos: 'last_name',
  sobrenome: 'last_name',
  etiquetas: 'tags',
  opted_out_on: 'opted_out', opt_out: 'opted_out', optout: 'opted_out', unsubscribed: 'opted_out',
  dado_de_baja: 'opted_out', no_contactar: 'opted_out', desuscrito: 'opted_out', descadastrado: 'opted_out',
} satisfies Record<string, ContactColumn>));

function normalize(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/** The first columns of this product's download of rejected rows, which a corrected copy still has. */
const REJECTED_DOWNLOAD = ['line', 'reason'];

export function mapHeader(fields: string[]): Header {
  const seen = new Set<string>();
  const exact = new Set(fields.map(normalize).filter((n) => KNOWN.has(n)));
  // A corrected download of a corrected download starts with the pair twice (or more).
  let fromDownload = 0;
  while (REJECTED_DOWNLOAD.every((name, i) => normalize(fields[fromDownload + i] ?? '') === name)) fromDownload += REJECTED_DOWNLOAD.length;
  const metaKeys = new Set<string>();
  let repeated: string | null = null;
  const columns = fields.map((raw, i): Column => {
    const name = raw.trim() || `column ${i + 1}`;
    if (i < fromDownload) return { kind: 'ignored', name };
    const norm = normalize(raw);
    const alias = ALIASES.get(norm);
    const prefixed = raw.trim().toLowerCase().startsWith(META_PREFIX);
    const field = prefixed ? null : KNOWN.has(norm) ? norm as ContactColumn : alias && !exact.has(alias) && !seen.has(alias) ? alias : null;
    if (field) {
      // A repeated contact column would lose one of the two: the file is refused (headerProblem).
      if (seen.has(field)) repeated ??= name;
      seen.add(field);
      return { kind: 'field', field, name, ...(KNOWN.has(norm) ? {} : { alias: true as const }) };
    }
    // A blank header cell names nothing the contact could keep; `meta` keys are at most 200.
    // After the prefix the name is kept as written, spaces included (the export wrote it so).
    const key = prefixed ? raw.replace(/^\s*meta\./i, '') : raw.trim();
    if (!key || key.length > 200) return { kind: 'ignored', name };
    if (metaKeys.has(key)) repeated ??= name;
    metaKeys.add(key);
    return { kind: 'meta', key, name };
  });
  const phoneIndex = columns.findIndex((c) => c.kind === 'field' && c.field === 'phone');
  const otherPhones = fields.flatMap((raw, i) => (columns[i].kind === 'meta' && ALIASES.get(normalize(raw)) === 'phone' ? [i] : []));
  const reserved = columns.some((c) => c.kind === 'meta' && c.key === RESERVED_KEY);
  return { columns, names: columns.map((c) => c.name), phoneIndex, otherPhones, repeated, reserved };
}

/** Why the header cannot be imported as it is, or null. */
export function headerProblem(header: Header): string | null {
  if (header.phoneIndex === -1) return MISSING_PHONE;
  if (header.repeated) return `The CSV header has the column "${header.repeated}" twice: rename or remove one, so that neither is lost.`;
  if (header.reserved) return `The CSV header has a column "${RESERVED_KEY}", which cannot name an attribute: rename it.`;
  // A contact keeps at most META_MAX_KEYS attributes: the columns past them would be lost unseen.
  const attributes = header.columns.filter((c) => c.kind === 'meta').length;
  if (attributes > META_MAX_KEYS) {
    return `The CSV has ${attributes} attribute columns, and a contact keeps at most ${META_MAX_KEYS} attributes: remove ${attributes - META_MAX_KEYS} of them, so that none is lost.`;
  }
  return null;
}

export const MISSING_PHONE = 'The CSV header has no "phone" column.';
export const MISSING_HEADER = 'The file is empty: a header line with a "phone" column is required.';
