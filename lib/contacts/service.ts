import { sql } from 'drizzle-orm';
import type { Db, Executor } from '@/db';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { foreignUserIds } from '@/lib/members/service';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import { accountCountry } from './account-country';
import { countedTransaction } from './counter';
import { changeType, recordContactEvents } from './events';
import { selectContact, selectContacts } from './queries';
import type { SerializedContact } from './serializer';
import type { ContactPatch, ContactReplace, ContactUpsert } from './validation';
import { deleteNoteRow, insertContact, lockContact, updateContact, type Actor, type Change, type ScalarFields } from './write';
import { upsertContactsTogether, type UpsertOutcome, type UpsertRequest } from './upsert-together';
import { Coalescer, coalescerFor } from '@/lib/sql/coalescer';

// Contact operations 17-20 and the soft delete. Every function takes the acting member's account
// and scopes each query by it: another account's contact is simply "Not found.".

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

/** One upsert in its own transaction: the path of an upsert stored alone. */
async function upsertAlone(db: Db, request: UpsertRequest): Promise<UpsertOutcome> {
  const { actor, canonicalPhone, change } = request;
  return countedTransaction(db, async (tx) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await lockContact(tx, actor.accountId, { canonicalPhone });
      if (existing) {
        // A merge keeps the stored spelling unless a deleted contact comes back.
        const row = await updateContact(tx, actor, existing, { ...change, fields: { ...change.fields, isDeleted: change.fields.isDeleted ?? false } });
        await recordContactEvents(tx, actor.accountId, [{ id: row.id, type: changeType(existing.isDeleted, row.isDeleted) }]);
        return { id: row.id, created: false };
      }
      const row = await insertContact(tx, actor, {
        ...change, fields: { source: 'website', ...change.fields, phone: request.phone, canonicalPhone },
      });
      if (row) {
        await recordContactEvents(tx, actor.accountId, [{ id: row.id, type: 'contact.created' }]);
        return { id: row.id, created: true };
      }
    }
    throw new Error('contact upsert kept racing');
  });
}

type Upserted = { created: boolean; contact: SerializedContact };
type Stored = { created: boolean; id: string; contact?: SerializedContact };
const upserters = new WeakMap<Db, Coalescer<UpsertRequest, Stored>>();

/**
 * A group's upserts, then all their contacts read back in one query per account. The read comes
 * after the commit, so it must not fail the group (the coalescer would store it again): a failed
 * read leaves each request to read its own contact.
 */
async function upsertGroup(db: Db, group: UpsertRequest[]): Promise<Stored[]> {
  const outcomes = await upsertContactsTogether(db, group);
  const read = new Map<string, SerializedContact>();
  try {
    for (const accountId of new Set(group.map((r) => r.actor.accountId))) {
      const ids = outcomes.filter((_, i) => group[i].actor.accountId === accountId).map((o) => o.id);
      for (const contact of await selectContacts(db, accountId, sql`c.id = any(${sql.param(ids)}::uuid[])`)) read.set(contact.id, contact);
    }
  } catch { /* each request reads its own below */ }
  return outcomes.map((o) => ({ ...o, contact: read.get(o.id) }));
}

/**
 * Operation 17: create, or merge into the contact with the same canonical phone. Upserts arriving
 * together are stored in one transaction (upsert-together.ts).
 */
export async function upsertContact(db: Db, actor: Actor, input: ContactUpsert): Promise<Upserted> {
  const canonicalPhone = await canonical(db, actor.accountId, input.phone);
  await checkAssignees(db, actor.accountId, input.default_assignees);
  const request: UpsertRequest = { actor, canonicalPhone, phone: input.phone, change: mergeChange(input) };
  const stored = await coalescerFor(upserters, db, () => new Coalescer<UpsertRequest, Stored>(
    'contact-upsert', (group) => upsertGroup(db, group), (one) => upsertAlone(db, one),
  )).store(request);
  return { created: stored.created, contact: stored.contact ?? await respond(db, actor.accountId, stored.id) };
}

async function changePhone(tx: Executor, accountId: number, id: string, phone: string | undefined): Promise<ScalarFields> {
  if (phone === undefined) return {};
  const canonicalPhone = await canonical(tx, accountId, phone);
  const other = await lockContact(tx, accountId, { canonicalPhone });
  if (other && other.id !== id) throw ValidationError.field('phone', 'A contact with this phone already exists.');
  return { phone, canonicalPhone };
}

/** Operation 19: full replacement. An empty meta or notes list removes them. */
export async function replaceContact(db: Db, actor: Actor, id: string, input: ContactReplace) {
  await checkAssignees(db, actor.accountId, input.default_assignees);
  await countedTransaction(db, async (tx) => {
    const existing = await lockContact(tx, actor.accountId, { id });
    if (!existing) throw new NotFoundError();
    const phoneFields = await changePhone(tx, actor.accountId, id, input.phone);
    const row = await updateContact(tx, actor, existing, {
      fields: { ...scalars(input, true), source: input.source ?? existing.source, ...phoneFields },
      meta: { mode: 'replace', value: input.meta ?? {} },
      notes: input.notes && { mode: 'replace', value: input.notes },
      tags: input.tags && { mode: 'replace', names: input.tags },
      assignees: input.default_assignees && { mode: 'replace', ids: input.default_assignees },
    });
    await recordContactEvents(tx, actor.accountId, [{ id, type: changeType(existing.isDeleted, row.isDeleted) }]);
  });
  return respond(db, actor.accountId, id);
}

/** Operation 20: any subset; meta, notes, tags and assignees are added to. */
export async function patchContact(db: Db, actor: Actor, id: string, input: ContactPatch) {
  await checkAssignees(db, actor.accountId, input.default_assignees);
  await countedTransaction(db, async (tx) => {
    const existing = await lockContact(tx, actor.accountId, { id });
    if (!existing) throw new NotFoundError();
    const change = mergeChange(input);
    const phoneFields = await changePhone(tx, actor.accountId, id, input.phone);
    const row = await updateContact(tx, actor, existing, { ...change, fields: { ...change.fields, ...phoneFields } });
    await recordContactEvents(tx, actor.accountId, [{ id, type: changeType(existing.isDeleted, row.isDeleted) }]);
  });
  return respond(db, actor.accountId, id);
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
    await updateContact(tx, actor, existing, { fields: { isDeleted: true } });
    await recordContactEvents(tx, actor.accountId, [{ id, type: 'contact.deleted' }]);
  });
}

export async function deleteContactNote(db: Db, accountId: number, contactId: string, noteId: number) {
  await db.transaction(async (tx) => {
    const existing = await lockContact(tx, accountId, { id: contactId });
    if (!existing || !(await deleteNoteRow(tx, contactId, noteId))) throw new NotFoundError();
    await recordContactEvents(tx, accountId, [{ id: contactId, type: 'contact.updated' }]);
  });
}
