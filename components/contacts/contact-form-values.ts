import type { Contact, ContactCreate, ContactWrite } from '@/lib/client/types';

// The contact form's state, and the conversions between it, the API's contact and its request body.

export type MetaRow = { key: string; value: string; rowId: number };

/**
 * The fields of the API's body as typed, except tags (comma-separated text), meta (editable rows)
 * and default assignees (member ids).
 */
export type ContactFormValues = Omit<ContactWrite, 'tags' | 'meta' | 'notes' | 'default_assignees'> & {
  tags: string;
  meta: MetaRow[];
  default_assignees: number[];
};

let nextRowId = 1;
export const newMetaRow = (key = '', value = ''): MetaRow => ({ key, value, rowId: nextRowId++ });

export const emptyContactForm = (): ContactFormValues => ({
  phone: '', first_name: '', last_name: '', email: '', external_url: '', external_id: '', tags: '', meta: [newMetaRow()],
  default_assignees: [],
});

export function contactToForm(c: Contact): ContactFormValues {
  const meta = Object.entries(c.meta ?? {}).map(([k, v]) => newMetaRow(k, v));
  return {
    phone: c.phone,
    first_name: c.first_name ?? '',
    last_name: c.last_name ?? '',
    email: c.email ?? '',
    external_url: c.external_url ?? '',
    external_id: c.external_id ?? '',
    tags: c.tags.map((t) => t.name).join(', '),
    meta: meta.length ? meta : [newMetaRow()],
    default_assignees: c.default_assignees.map((u) => u.id),
  };
}

export function parseTags(input: string): { name: string }[] {
  const seen = new Set<string>();
  return input.split(',').map((t) => t.trim()).filter((t) => {
    const lower = t.toLowerCase();
    if (!t || seen.has(lower)) return false;
    seen.add(lower);
    return true;
  }).map((name) => ({ name }));
}

/** Problems the browser can see before sending: blank or repeated attribute names. */
export function metaRowProblems(rows: MetaRow[]): Map<number, string> {
  const problems = new Map<number, string>();
  const seen = new Set<string>();
  for (const row of rows) {
    const key = row.key.trim();
    if (!key && row.value.trim()) problems.set(row.rowId, 'Give this attribute a name.');
    else if (key && seen.has(key)) problems.set(row.rowId, `“${key}” is used twice.`);
    if (key) seen.add(key);
  }
  return problems;
}

/** The body for POST (create) and PUT (replace); blank text fields are sent as "" (stored as null). */
export function formToBody(v: ContactFormValues): ContactWrite {
  const meta: Record<string, string> = {};
  for (const row of v.meta) if (row.key.trim()) meta[row.key.trim()] = row.value;
  return {
    phone: v.phone.trim(),
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    email: v.email.trim(),
    external_url: v.external_url.trim(),
    external_id: v.external_id.trim(),
    tags: parseTags(v.tags),
    meta,
    default_assignees: v.default_assignees.map((id) => ({ id })),
  };
}

/**
 * The POST body of the new-contact form: only what was filled in. The API merges it into the
 * contact that has the same number, if there is one, and a field left blank must not erase it.
 */
export function createBody(v: ContactFormValues): ContactCreate {
  const full = formToBody(v);
  const body: ContactCreate = { phone: full.phone };
  for (const key of ['first_name', 'last_name', 'email', 'external_url', 'external_id'] as const) if (full[key]) body[key] = full[key];
  if (full.tags?.length) body.tags = full.tags;
  const meta = Object.fromEntries(Object.entries(full.meta ?? {}).filter(([, value]) => value.trim() !== ''));
  if (Object.keys(meta).length) body.meta = meta;
  if (full.default_assignees?.length) body.default_assignees = full.default_assignees;
  return body;
}

/** A contact the upsert merged into rather than created (a new one is written once: both times agree). */
export const wasMerged = (c: Contact) => c.created_on !== c.last_updated_on;

/**
 * The PUT body for an edit, made over the contact as it is now (`current`, read just before
 * saving): what the form changed from the contact it opened with (`opened`) is applied, and what
 * others changed meanwhile (a tag from the inbox, a note, an attribute a flow set) is kept.
 */
export function editBody(opened: Contact, current: Contact, values: ContactFormValues): ContactWrite & { is_deleted: boolean } {
  const base = formToBody(contactToForm(opened));
  const mine = formToBody(values);
  const body = formToBody(contactToForm(current));
  for (const key of ['phone', 'first_name', 'last_name', 'email', 'external_url', 'external_id'] as const) {
    if (mine[key] !== base[key]) body[key] = mine[key];
  }
  const tagKey = (t: { name: string }) => t.name.toLowerCase();
  const baseTags = new Set(base.tags!.map(tagKey));
  const mineTags = new Set(mine.tags!.map(tagKey));
  body.tags = [
    ...body.tags!.filter((t) => !(baseTags.has(tagKey(t)) && !mineTags.has(tagKey(t)))),
    ...mine.tags!.filter((t) => !baseTags.has(tagKey(t)) && !body.tags!.some((x) => tagKey(x) === tagKey(t))),
  ];
  const meta = { ...body.meta };
  for (const key of new Set([...Object.keys(base.meta!), ...Object.keys(mine.meta!)])) {
    if (mine.meta![key] === base.meta![key]) continue;
    if (key in mine.meta!) meta[key] = mine.meta![key];
    else delete meta[key];
  }
  body.meta = meta;
  const ids = (list: ContactWrite['default_assignees']) => new Set((list ?? []).map((u) => u.id));
  const [baseIds, mineIds, assignees] = [ids(base.default_assignees), ids(mine.default_assignees), ids(body.default_assignees)];
  for (const id of baseIds) if (!mineIds.has(id)) assignees.delete(id);
  for (const id of mineIds) if (!baseIds.has(id)) assignees.add(id);
  body.default_assignees = [...assignees].map((id) => ({ id }));
  // PUT replaces the notes too: the contact's notes as they are now (the form does not edit them).
  body.notes = current.notes.map((n) => ({ id: n.id, notes: n.notes }));
  // A PUT without it would restore a deleted contact: editing keeps the contact as deleted as it is.
  return { ...body, is_deleted: current.is_deleted };
}
