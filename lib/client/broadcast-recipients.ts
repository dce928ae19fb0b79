import type { CsvTable } from './csv';

// The broadcast wizard's recipients, before anything is sent: each row of a CSV file, or each
// contact with a tag, becomes a candidate (a phone and one value per template variable, in the
// template's order), with the problems the browser can see itself (no phone, a missing value, a
// value too long). Phones the server cannot read come back by the index of the recipient sent;
// `keys` maps those indexes back to the row or contact they came from.

export type RecipientInput = { phone: string; data: string[] };

/** Contact fields a variable can be filled from (the tag source). */
export const CONTACT_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'external_id'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Where one variable's value (or the phone) comes from. */
export type ValueSource =
  | { kind: 'none' }
  | { kind: 'column'; index: number }
  | { kind: 'field'; field: ContactField }
  | { kind: 'meta'; key: string }
  | { kind: 'fixed'; value: string };

export type Mapping = { phone: number | null; variables: ValueSource[] };

/** One row or contact: what would be sent for it, and why it cannot be; its number in E.164 when read. */
export type Candidate = { key: string; label: string; recipient: RecipientInput; problems: string[]; canonical?: string };

export type Problem = { key: string; label: string; messages: string[] };

/** The same limits as the server's recipient schema. */
export const MAX_PHONE_LENGTH = 64;
export const MAX_VALUE_LENGTH = 1024;

const fmt = new Intl.NumberFormat('en-US');

/** `column:2`, `field:first_name`, `meta:city`, `fixed`, or '' for none: a `<select>`'s value. */
export function encodeSource(s: ValueSource): string {
  switch (s.kind) {
    case 'column': return `column:${s.index}`;
    case 'field': return `field:${s.field}`;
    case 'meta': return `meta:${s.key}`;
    case 'fixed': return 'fixed';
    default: return '';
  }
}

export function decodeSource(value: string, fixedValue = ''): ValueSource {
  const at = value.indexOf(':');
  const kind = at === -1 ? value : value.slice(0, at);
  const rest = at === -1 ? '' : value.slice(at + 1);
  if (kind === 'column' && /^\d+$/.test(rest)) return { kind: 'column', index: Number(rest) };
  if (kind === 'field' && (CONTACT_FIELDS as readonly string[]).includes(rest)) return { kind: 'field', field: rest as ContactField };
  if (kind === 'meta' && rest) return { kind: 'meta', key: rest };
  if (kind === 'fixed') return { kind: 'fixed', value: fixedValue };
  return { kind: 'none' };
}

const PHONE_HEADER = /^(phone|phone[ _-]?number|telephone|tel|mobile|cell|cellphone|whatsapp|msisdn|tel[eé]fono|celular|m[oó]vil|n[uú]mero|numero)$/i;
const norm = (h: string) => h.trim().toLowerCase().replace(/[\s-]+/g, '_');

/**
 * A first guess at the columns: the phone is the column named like a phone (else the first one);
 * variable N is a column named `N`, `{{N}}`, `var N`, `variable_N` or `value N`, else the next
 * column not yet taken, in file order.
 */
export function guessMapping(header: string[], variableCount: number): Mapping {
  const named = header.findIndex((h) => PHONE_HEADER.test(h.trim()));
  const phone = header.length === 0 ? null : named >= 0 ? named : 0;
  const taken = new Set<number>(phone === null ? [] : [phone]);
  const variables: ValueSource[] = [];
  for (let v = 1; v <= variableCount; v++) {
    const byName = header.findIndex((h, i) => !taken.has(i) && new RegExp(`^(\\{\\{\\s*${v}\\s*\\}\\}|(var|variable|value)?_?${v})$`).test(norm(h)));
    if (byName >= 0) {
      taken.add(byName);
      variables[v - 1] = { kind: 'column', index: byName };
    }
  }
  for (let v = 0; v < variableCount; v++) {
    if (variables[v]) continue;
    const next = header.findIndex((_, i) => !taken.has(i));
    if (next === -1) {
      variables[v] = { kind: 'none' };
      continue;
    }
    taken.add(next);
    variables[v] = { kind: 'column', index: next };
  }
  return { phone, variables };
}

/** How a variable is named in messages: "variable 2 (body)". */
export function variableLabel(index: number, part?: string): string {
  return `variable ${index + 1}${part ? ` (${part})` : ''}`;
}

/** Missing and too-long values; `missing(i)` says what is missing, `name(i)` names the variable. */
function checkValues(values: (string | undefined)[], missing: (i: number) => string, name: (i: number) => string): string[] {
  const problems: string[] = [];
  values.forEach((v, i) => {
    if (v === undefined || v === '') problems.push(missing(i));
    else if (v.length > MAX_VALUE_LENGTH) problems.push(`The value for ${name(i)} is longer than ${fmt.format(MAX_VALUE_LENGTH)} characters.`);
  });
  return problems;
}

/**
 * A phone read as the server reads it (lib/phone/canonicalize.ts, in the account's country): the
 * wizard passes it so that a number the server would refuse shows before Send, and two spellings
 * of one number count once.
 */
export type PhoneReader = (phone: string) => { ok: true; e164: string } | { ok: false; reason: string };

function checkPhone(phone: string, where: string, read?: PhoneReader): { problems: string[]; canonical?: string } {
  if (!phone) return { problems: [`No phone number${where}.`] };
  if (phone.length > MAX_PHONE_LENGTH) return { problems: [`The phone number is longer than ${MAX_PHONE_LENGTH} characters.`] };
  const read_ = read?.(phone);
  if (!read_) return { problems: [] };
  return read_.ok ? { problems: [], canonical: read_.e164 } : { problems: [read_.reason] };
}

/** One candidate per record of the file, labelled by its spreadsheet row. */
export function csvCandidates(table: CsvTable, mapping: Mapping, parts: string[] = [], readPhone?: PhoneReader): Candidate[] {
  const column = (i: number) => `column “${table.header[i] || `#${i + 1}`}”`;
  return table.records.map((r) => {
    const cell = (i: number) => (r.fields[i] ?? '').trim();
    const phone = mapping.phone === null ? '' : cell(mapping.phone);
    const values = mapping.variables.map((s) => {
      if (s.kind === 'column') return r.fields[s.index] === undefined ? undefined : cell(s.index);
      if (s.kind === 'fixed') return s.value.trim();
      return undefined;
    });
    const name = (i: number) => variableLabel(i, parts[i]);
    const missing = (i: number) => {
      const s = mapping.variables[i];
      return s?.kind === 'column' ? `No value for ${name(i)} in ${column(s.index)}.` : `No value for ${name(i)}.`;
    };
    const checked = checkPhone(phone, mapping.phone === null ? '' : ` in ${column(mapping.phone)}`, readPhone);
    const problems = [...checked.problems, ...checkValues(values, missing, name)];
    return {
      key: `row:${r.row}`, label: `Row ${r.row}`, recipient: { phone, data: values.map((v) => v ?? '') }, problems,
      ...(checked.canonical ? { canonical: checked.canonical } : {}),
    };
  });
}

/** The few contact fields the tag source reads. */
export type ContactLike = {
  id: string;
  phone: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  external_id: string | null;
  meta: Record<string, string>;
};

export const contactFieldLabel: Record<ContactField, string> = {
  first_name: 'First name', last_name: 'Last name', email: 'Email', phone: 'Phone', external_id: 'External ID',
};

function contactName(c: ContactLike): string {
  const name = [c.first_name, c.last_name].filter(Boolean).join(' ').trim();
  return name ? `${name} (${c.phone})` : c.phone;
}

/** The meta keys the contacts have, sorted, for the variable selects. */
export function metaKeys(contacts: ContactLike[]): string[] {
  const keys = new Set<string>();
  for (const c of contacts) for (const k of Object.keys(c.meta ?? {})) keys.add(k);
  return [...keys].sort((a, b) => a.localeCompare(b));
}

/** One candidate per contact, labelled by its name and phone. */
export function contactCandidates(contacts: ContactLike[], variables: ValueSource[], parts: string[] = [], readPhone?: PhoneReader): Candidate[] {
  return contacts.map((c) => {
    const values = variables.map((s) => {
      let v: unknown;
      if (s.kind === 'field') v = c[s.field];
      else if (s.kind === 'meta') v = c.meta?.[s.key];
      else if (s.kind === 'fixed') v = s.value;
      return v === null || v === undefined ? undefined : String(v).trim();
    });
    const name = (i: number) => variableLabel(i, parts[i]);
    const missing = (i: number) => {
      const s = variables[i];
      if (s?.kind === 'field') return `No ${contactFieldLabel[s.field].toLowerCase()} for ${name(i)}.`;
      if (s?.kind === 'meta') return `No “${s.key}” attribute for ${name(i)}.`;
      return `No value for ${name(i)}.`;
    };
    const phone = (c.phone ?? '').trim();
    const checked = checkPhone(phone, '', readPhone);
    return {
      key: `contact:${c.id}`, label: contactName(c), recipient: { phone, data: values.map((v) => v ?? '') },
      problems: [...checked.problems, ...checkValues(values, missing, name)], ...(checked.canonical ? { canonical: checked.canonical } : {}),
    };
  });
}

/** Digits of a phone: two rows with the same digits reach the same number. */
const phoneKey = (phone: string) => phone.replace(/\D/g, '');

export type Selection = {
  /** What is sent, in order. */
  recipients: RecipientInput[];
  /** The candidate key of each recipient sent: the server's recipient index → row or contact. */
  keys: string[];
  /** Candidates with problems (the browser's and the server's), in order. */
  problems: Problem[];
  /** Candidates left out because they have problems (0 unless `leaveOut`). */
  leftOut: number;
  /** Recipients whose phone repeats an earlier one: the server sends each number one message. */
  duplicates: number;
  /** The numbers of the candidates without problems, each once: whom leaving the others out sends to. */
  fine: number;
};

/**
 * The recipients to send: every candidate, or, with `leaveOut`, those without problems.
 * `serverProblems` are the server's messages from the last attempt, by candidate key.
 */
export function selectRecipients(candidates: Candidate[], serverProblems: ReadonlyMap<string, string[]>, leaveOut: boolean): Selection {
  const recipients: RecipientInput[] = [];
  const keys: string[] = [];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const fine = new Set<string>();
  let leftOut = 0;
  let duplicates = 0;
  for (const c of candidates) {
    const messages = [...c.problems, ...(serverProblems.get(c.key) ?? [])];
    const k = c.canonical ?? phoneKey(c.recipient.phone);
    if (!messages.length) fine.add(k || c.key);
    if (messages.length) {
      problems.push({ key: c.key, label: c.label, messages });
      if (leaveOut) {
        leftOut += 1;
        continue;
      }
    }
    if (k && seen.has(k)) duplicates += 1;
    if (k) seen.add(k);
    recipients.push(c.recipient);
    keys.push(c.key);
  }
  return { recipients, keys, problems, leftOut, duplicates, fine: fine.size };
}

/**
 * The server's recipient errors (`{recipients: {"17": {phone: [...]}}}`) by candidate key, with
 * each message named by its field; list-level ones (`{recipients: ["..."]}`) as `general`.
 */
export function serverRecipientProblems(body: unknown, keys: string[]): { byKey: Map<string, string[]>; general: string[] } {
  const byKey = new Map<string, string[]>();
  const general: string[] = [];
  const node = body && typeof body === 'object' ? (body as Record<string, unknown>).recipients : undefined;
  if (Array.isArray(node)) {
    for (const m of node) if (typeof m === 'string') general.push(m);
    return { byKey, general };
  }
  if (!node || typeof node !== 'object') return { byKey, general };
  for (const [index, errors] of Object.entries(node as Record<string, unknown>)) {
    const key = /^\d+$/.test(index) ? keys[Number(index)] : undefined;
    const messages: string[] = [];
    const walk = (n: unknown, field: string) => {
      if (typeof n === 'string') messages.push(field === 'phone' ? `Phone: ${n}` : field === 'data' ? `Values: ${n}` : field ? `${field}: ${n}` : n);
      else if (Array.isArray(n)) n.forEach((x) => walk(x, field));
      else if (n && typeof n === 'object') Object.entries(n).forEach(([f, x]) => walk(x, field || f));
    };
    walk(errors, '');
    if (key === undefined) general.push(...messages.map((m) => `Recipient ${index}: ${m}`));
    else byKey.set(key, [...(byKey.get(key) ?? []), ...messages]);
  }
  return { byKey, general };
}
