import { sql } from 'drizzle-orm';
import type { Db, Executor } from '@/db';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { foreignUserIds } from '@/lib/members/service';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import { Coalescer, coalescerFor } from '@/lib/sql/coalescer';
import { accountCountry } from './account-country';
import { countedTransaction } from './counter';
import { recordContactEvents } from './events';
import { selectContact, selectContacts } from './queries';
import type { SerializedContact } from './serializer';
import { upsertContacts, type ContactWrite, type ContactWritten } from './upsert';
import type { ContactPatch, ContactReplace, ContactUpsert } from './validation';
import { deleteNoteRow, lockContact, updateContacts, type Actor, type Change, type ScalarFields } from './write';
import { optedOutOn, refuseOptInByAgent } from '@/lib/opt-out/marketing';

// The contact API: create-or-update by phone, replace, partial update, soft delete. Every function
// takes the acting member's account and scopes each query by it: another account's contact is
// simply "Not found.".

type Input = ContactUpsert | ContactPatch | ContactReplace;

async function canonical(db: Executor, accountId: number, phone: string) {
  const result = canonicalizePhone(phone, await accountCountry(db, accountId));
  if (!result.ok) throw ValidationError.field('phone', 'Enter a valid phone number.');
  return result.e164;
}

async function checkAssignees(db: Executor, accountId: number, ids: number[] | undefined) {
  const foreign = await foreignUserIds(db, accountId, ids ?? []);
  if (foreign.length) throw ValidationError.field('default_assignees', `Invalid pk "${foreign[0]}" - object does not exist.`);
}

function scalars(input: Input, replace: boolean): ScalarFields {
  const pick = <T>(value: T | undefined, fallback: T): T | undefined => (value !== undefined ? value : replace ? fallback : undefined);
  const fields: ScalarFields = {
    firstName: pick(input.first_name, null),
    lastName: pick(input.last_name, null),
    email: pick(input.email, null),
    externalUrl: pick(input.external_url, null),
    externalId: pick(input.external_id, null),
    isDeleted: pick(input.is_deleted, false),
    source: input.source,
    // Never cleared by leaving it out (a replacement included): writing to a contact who said STOP
    // again takes saying so.
    optedOutOn: input.opted_out === undefined ? undefined : input.opted_out ? new Date() : null,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as ScalarFields;
}

/** POST/PATCH semantics: fields sent overwrite, meta/notes/tags/assignees are added to. */
export function mergeChange(input: ContactUpsert | ContactPatch): Change {
  return {
    fields: scalars(input, false),
    meta: input.meta && { mode: input.overwrite_meta ? 'replace' : 'merge', value: input.meta },
    notes: input.notes && { mode: 'append', value: input.notes.map((n) => ({ notes: n.notes })) },
    tags: input.tags && { mode: input.overwrite_tags ? 'replace' : 'add', names: input.tags },
    assignees: input.default_assignees && { mode: input.overwrite_default_assignees ? 'replace' : 'add', ids: input.default_assignees },
  };
}

async function respond(db: Executor, accountId: number, id: string): Promise<SerializedContact> {
  const contact = await selectContact(db, accountId, id);
  if (!contact) throw new NotFoundError();
  return contact;
}

type Upserted = { created: boolean; contact: SerializedContact };
type Stored = ContactWritten & { contact?: SerializedContact };
const upserters = new WeakMap<Db, Coalescer<ContactWrite, Stored>>();

/**
 * A batch of upserts in one transaction, then all their contacts read back in one query per
 * account. The read comes after the commit, so it must not fail the batch: a failed read leaves
 * each request to read its own contact.
 */
async function upsertBatch(db: Db, writes: ContactWrite[]): Promise<Stored[]> {
  const written = await countedTransaction(db, (tx) => upsertContacts(tx, writes));
  const read = new Map<string, SerializedContact>();
  try {
    for (const accountId of new Set(writes.map((w) => w.actor.accountId))) {
      const ids = written.filter((_, i) => writes[i].actor.accountId === accountId).map((o) => o.id);
      for (const contact of await selectContacts(db, accountId, sql`c.id = any(${sql.param(ids)}::uuid[])`)) read.set(contact.id, contact);
    }
  } catch { /* each request reads its own below */ }
  return written.map((o) => ({ ...o, contact: read.get(o.id) }));
}

/**
 * Create, or merge into the contact with the same canonical phone. Upserts arriving while others
 * are being stored are stored with them, as one batch (lib/sql/coalescer.ts).
 */
export async function upsertContact(db: Db, actor: Actor, input: ContactUpsert): Promise<Upserted> {
  const canonicalPhone = await canonical(db, actor.accountId, input.phone);
  // Only an admin opts back in a number that opted out (refuseOptInByAgent).
  if (input.opted_out === false && !actor.admin) refuseOptInByAgent(false, (await optedOutOn(db, actor.accountId, canonicalPhone)) !== null);
  await checkAssignees(db, actor.accountId, input.default_assignees);
  const write: ContactWrite = { actor, canonicalPhone, phone: input.phone, change: mergeChange(input), onExisting: 'merge' };
  const stored = await coalescerFor(upserters, db, () => new Coalescer<ContactWrite, Stored>(
    'contact-upsert', (batch) => upsertBatch(db, batch),
  )).store(write);
  return { created: stored.created, contact: stored.contact ?? await respond(db, actor.accountId, stored.id) };
}

async function changePhone(tx: Executor, accountId: number, id: string, phone: string | undefined): Promise<ScalarFields> {
  if (phone === undefined) return {};
  const canonicalPhone = await canonical(tx, accountId, phone);
  const other = await lockContact(tx, accountId, { canonicalPhone });
  if (other && other.id !== id) throw ValidationError.field('phone', 'A contact with this phone already exists.');
  return { phone, canonicalPhone };
}

/** Changes one contact by id, locked for the transaction; `change` is built once it is found. */
async function editContact(db: Db, actor: Actor, id: string, change: (existing: { source: string }, tx: Executor) => Promise<Change>) {
  await countedTransaction(db, async (tx) => {
    const existing = await lockContact(tx, actor.accountId, { id });
    if (!existing) throw new NotFoundError();
    const made = await change(existing, tx);
    // A number that opted out stays so: neither cleared nor moved to a new contact but by an admin.
    const phoneMoves = made.fields.canonicalPhone !== undefined && made.fields.canonicalPhone !== existing.canonicalPhone;
    if (existing.optedOutOn) refuseOptInByAgent(!!actor.admin, made.fields.optedOutOn === null || phoneMoves);
    await updateContacts(tx, [{ actor, existing, change: made }]);
  });
  return respond(db, actor.accountId, id);
}

/** Full replacement. An empty meta or notes list removes them. */
export async function replaceContact(db: Db, actor: Actor, id: string, input: ContactReplace) {
  await checkAssignees(db, actor.accountId, input.default_assignees);
  return editContact(db, actor, id, async (existing, tx) => ({
    fields: { ...scalars(input, true), source: input.source ?? existing.source, ...await changePhone(tx, actor.accountId, id, input.phone) },
    meta: { mode: 'replace', value: input.meta ?? {} },
    notes: input.notes && { mode: 'replace', value: input.notes },
    tags: input.tags && { mode: 'replace', names: input.tags },
    assignees: input.default_assignees && { mode: 'replace', ids: input.default_assignees },
  }));
}

/** Any subset; meta, notes, tags and assignees are added to. */
export async function patchContact(db: Db, actor: Actor, id: string, input: ContactPatch) {
  await checkAssignees(db, actor.accountId, input.default_assignees);
  return editContact(db, actor, id, async (_existing, tx) => {
    const change = mergeChange(input);
    return { ...change, fields: { ...change.fields, ...await changePhone(tx, actor.accountId, id, input.phone) } };
  });
}

export async function getContact(db: Db, accountId: number, id: string) {
  return respond(db, accountId, id);
}

/** Soft delete: the contact, its history and messages stay; it leaves lists and counts. */
export async function deleteContact(db: Db, actor: Actor, id: string) {
  await countedTransaction(db, async (tx) => {
    const existing = await lockContact(tx, actor.accountId, { id });
    if (!existing) throw new NotFoundError();
    if (existing.isDeleted) return; // already deleted: no second event
    await updateContacts(tx, [{ actor, existing, change: { fields: { isDeleted: true } } }]);
  });
}

export async function deleteContactNote(db: Db, accountId: number, contactId: string, noteId: number) {
  await db.transaction(async (tx) => {
    const existing = await lockContact(tx, accountId, { id: contactId });
    if (!existing || !(await deleteNoteRow(tx, contactId, noteId))) throw new NotFoundError();
    await recordContactEvents(tx, accountId, [{ id: contactId, type: 'contact.updated' }]);
  });
}
