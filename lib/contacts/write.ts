import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db';
import { contactDefaultAssignees, contactNotes, contacts, contactTags } from '@/db/schema';
import { deferContactCount } from './counter';
import { upsertTags } from '@/lib/tags/service';
import { contactSearchText } from './search-text';
import { keyRows } from '@/lib/sql/key-probes';

// The one place that writes a contact and its relations, for every path (API, dashboard, seed).
// Callers decide the semantics (merge for POST/PATCH, replace for PUT) by how they fill `Change`.

type ContactRecord = typeof contacts.$inferSelect;

export type ScalarFields = Partial<Pick<ContactRecord,
  'phone' | 'canonicalPhone' | 'firstName' | 'lastName' | 'email' | 'externalUrl' | 'externalId' | 'isDeleted' | 'source'>>;

export type Change = {
  fields: ScalarFields;
  meta?: { mode: 'merge' | 'replace'; value: Record<string, string | null> };
  notes?: { mode: 'append' | 'replace'; value: { id?: number; notes: string }[] };
  tags?: { mode: 'add' | 'replace'; names: string[] };
  assignees?: { mode: 'add' | 'replace'; ids: number[] };
};

export type Actor = { accountId: number; userId: number | null };

export function mergeMeta(current: Record<string, string>, change: Change['meta']): Record<string, string> {
  if (!change) return current;
  const base = change.mode === 'replace' ? {} : { ...current };
  for (const [key, value] of Object.entries(change.value)) {
    if (value === null) delete base[key];
    else base[key] = value;
  }
  return base;
}


/** The row of a new contact: the change's fields, its meta, and the search key they give. */
export function newContactRow(actor: Actor, change: Change & { fields: { phone: string; canonicalPhone: string } }) {
  const f = change.fields;
  return {
    accountId: actor.accountId, createdById: actor.userId, ...f, meta: mergeMeta({}, change.meta),
    searchText: contactSearchText({ canonicalPhone: f.canonicalPhone, firstName: f.firstName, lastName: f.lastName, email: f.email, externalUrl: f.externalUrl }),
  };
}

/** An existing contact as the change leaves it (fields, merged meta), with its new search key. */
export function changedContact(existing: ContactRecord, change: Change) {
  const next = { ...existing, ...change.fields, meta: mergeMeta(existing.meta, change.meta) };
  return { ...next, searchText: contactSearchText(next) };
}

/** Inserts a new contact (inside countedTransaction); returns null when another writer created the same phone first. */
export async function insertContact(tx: Executor, actor: Actor, change: Change & { fields: { phone: string; canonicalPhone: string } }) {
  const [row] = await tx.insert(contacts).values(newContactRow(actor, change))
    .onConflictDoNothing({ target: [contacts.accountId, contacts.canonicalPhone] }).returning();
  if (!row) return null;
  await writeRelations(tx, actor, row.id, change);
  if (!row.isDeleted) deferContactCount(tx, actor.accountId, 1);
  return row;
}

/** Applies a change to a locked existing contact (inside countedTransaction). */
export async function updateContact(tx: Executor, actor: Actor, existing: ContactRecord, change: Change) {
  const next = changedContact(existing, change);
  const [row] = await tx.update(contacts).set({
    ...change.fields,
    meta: next.meta,
    searchText: next.searchText,
    lastUpdatedOn: new Date(),
  }).where(and(eq(contacts.id, existing.id), eq(contacts.accountId, actor.accountId))).returning();
  await writeRelations(tx, actor, row.id, change);
  if (existing.isDeleted !== row.isDeleted) deferContactCount(tx, actor.accountId, row.isDeleted ? -1 : 1);
  return row;
}

/** Replace mode: the contact's tags other than `keep` are removed. */
export async function removeTagsExcept(tx: Executor, contactId: string, keep: number[]) {
  await tx.delete(contactTags).where(and(eq(contactTags.contactId, contactId), keep.length ? notInArray(contactTags.tagId, keep) : undefined));
}

/** Replace mode: the contact's default assignees other than `keep` are removed. */
export async function removeAssigneesExcept(tx: Executor, contactId: string, keep: number[]) {
  await tx.delete(contactDefaultAssignees).where(and(eq(contactDefaultAssignees.contactId, contactId),
    keep.length ? notInArray(contactDefaultAssignees.userId, keep) : undefined));
}

async function writeRelations(tx: Executor, actor: Actor, contactId: string, change: Change) {
  if (change.tags) {
    const ids = [...(await upsertTags(tx, actor.accountId, change.tags.names)).values()];
    if (change.tags.mode === 'replace') await removeTagsExcept(tx, contactId, ids);
    if (ids.length) await tx.insert(contactTags).values(ids.map((tagId) => ({ contactId, tagId }))).onConflictDoNothing();
  }
  if (change.assignees) {
    const ids = [...new Set(change.assignees.ids)];
    if (change.assignees.mode === 'replace') await removeAssigneesExcept(tx, contactId, ids);
    if (ids.length) {
      await tx.insert(contactDefaultAssignees).values(ids.map((userId) => ({ contactId, userId }))).onConflictDoNothing();
    }
  }
  if (change.notes) {
    const kept = change.notes.value.filter((n) => n.id !== undefined).map((n) => n.id!);
    if (change.notes.mode === 'replace') {
      await tx.delete(contactNotes).where(and(eq(contactNotes.contactId, contactId),
        kept.length ? notInArray(contactNotes.id, kept) : undefined));
      // Notes sent back with their id keep their author and time; their text may be edited.
      for (const note of change.notes.value.filter((n) => n.id !== undefined)) {
        await tx.update(contactNotes).set({ notes: note.notes })
          .where(and(eq(contactNotes.id, note.id!), eq(contactNotes.contactId, contactId)));
      }
    }
    const added = change.notes.mode === 'replace' ? change.notes.value.filter((n) => n.id === undefined) : change.notes.value;
    if (added.length) {
      await tx.insert(contactNotes).values(added.map((n) => ({ contactId, notes: n.notes, createdById: actor.userId })));
    }
  }
}

export async function lockContact(tx: Executor, accountId: number, where: { id: string } | { canonicalPhone: string }) {
  const condition = 'id' in where ? eq(contacts.id, where.id) : eq(contacts.canonicalPhone, where.canonicalPhone);
  const [row] = await tx.select().from(contacts).where(and(eq(contacts.accountId, accountId), condition)).for('update').limit(1);
  return row ?? null;
}

export type PhoneKey = { account_id: number; canonical_phone: string };

/**
 * The contacts with these phones (id, account_id, canonical_phone), one index probe each
 * (lib/sql/key-probes.ts). With `lock`, each is locked FOR UPDATE as it is probed, in (account,
 * phone) order whatever order the keys came in: the order the CSV import locks them in (its upsert
 * is ordered by phone), so the two never deadlock.
 */
export function contactsByPhoneQuery(keys: PhoneKey[], { lock = false } = {}): SQL {
  // Canonical phones are "+" and digits, so comparing code units orders them as Postgres does.
  const probed = lock
    ? [...keys].sort((a, b) => a.account_id - b.account_id
      || (a.canonical_phone < b.canonical_phone ? -1 : a.canonical_phone > b.canonical_phone ? 1 : 0))
    : keys;
  return sql`
    select c.id, c.account_id, c.canonical_phone
    from ${keyRows({ account_id: 'int', canonical_phone: 'varchar' }, probed)},
    lateral (select id, account_id, canonical_phone from contacts
      where account_id = k.account_id and canonical_phone = k.canonical_phone limit 1${lock ? sql` for update` : sql``}) c`;
}

export async function deleteNoteRow(tx: Executor, contactId: string, noteId: number) {
  const rows = await tx.delete(contactNotes).where(and(eq(contactNotes.id, noteId), eq(contactNotes.contactId, contactId)))
    .returning({ id: contactNotes.id });
  return rows.length > 0;
}

