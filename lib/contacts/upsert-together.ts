import { inArray, sql } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';
import { contactDefaultAssignees, contactNotes, contacts, contactTags } from '@/db/schema';
import { RaceLost } from '@/lib/sql/coalescer';
import { upsertTags } from '@/lib/tags/service';
import { countedTransaction, deferContactCount } from './counter';
import { changeType, recordContactEvents, type ContactChange } from './events';
import { changedContact, contactsByPhoneQuery, newContactRow, removeAssigneesExcept, removeTagsExcept, type Actor, type Change } from './write';

// Contact upserts (POST /api/contact) arriving together, stored in one transaction (see
// lib/sql/coalescer.ts) with the outcome each would have had alone: the contacts with these
// phones locked (in account and phone order, like the CSV import) and merged into, or created;
// tags, default assignees and notes added (or replaced, with the overwrite flags); counts moved;
// one event per request.
//
// A group naming the same contact twice is not stored together (each request's event must carry
// that request's result), nor one that lost a race to a concurrent insert: RaceLost, and the
// caller stores each upsert on its own.

export type UpsertRequest = {
  actor: Actor;
  canonicalPhone: string;
  /** The number as given: stored on a new contact (an existing one keeps its spelling). */
  phone: string;
  /** Its `fields.isDeleted` is `is_deleted` as sent: an upsert without it restores a deleted contact. */
  change: Change;
};

export type UpsertOutcome = { id: string; created: boolean };

type ContactRecord = typeof contacts.$inferSelect;

const keyOf = (accountId: number, canonicalPhone: string) => `${accountId}:${canonicalPhone}`;

async function lockExisting(tx: Executor, requests: UpsertRequest[]): Promise<Map<string, ContactRecord>> {
  const keys = new Map(requests.map((r) => [keyOf(r.actor.accountId, r.canonicalPhone), { account_id: r.actor.accountId, canonical_phone: r.canonicalPhone }]));
  const locked = await execRows<{ id: string }>(tx, contactsByPhoneQuery([...keys.values()], { lock: true }));
  if (!locked.length) return new Map();
  const rows = await tx.select().from(contacts).where(inArray(contacts.id, locked.map((c) => c.id)));
  return new Map(rows.map((c) => [keyOf(c.accountId, c.canonicalPhone), c]));
}

/** Final values of existing contacts after their changes, written for all of them in one UPDATE. */
async function updateExisting(tx: Executor, updates: { existing: ContactRecord; request: UpsertRequest }[]) {
  if (!updates.length) return;
  const rows = updates.map(({ existing, request }) => {
    const next = changedContact(existing, { ...request.change, fields: { ...request.change.fields, isDeleted: request.change.fields.isDeleted ?? false } });
    return {
      id: existing.id, fn: next.firstName, ln: next.lastName, em: next.email, url: next.externalUrl, eid: next.externalId,
      src: next.source, del: next.isDeleted, meta: next.meta, st: next.searchText,
    };
  });
  await tx.execute(sql`update contacts c set first_name = x.fn, last_name = x.ln, email = x.em, external_url = x.url,
      external_id = x.eid, source = x.src, is_deleted = x.del, meta = x.meta, search_text = x.st, last_updated_on = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(id uuid, fn text, ln text, em text, url text, eid text, src text, del boolean, meta jsonb, st text)
    where c.id = x.id`);
}

async function insertNew(tx: Executor, requests: UpsertRequest[]) {
  if (!requests.length) return [];
  // In (account, phone) order, as rows are locked here and by the CSV import: no lock-order deadlock.
  const ordered = [...requests].sort((a, b) => a.actor.accountId - b.actor.accountId || (a.canonicalPhone < b.canonicalPhone ? -1 : 1));
  const created = await tx.insert(contacts).values(ordered.map((r) => newContactRow(r.actor, {
    ...r.change, fields: { source: 'website', ...r.change.fields, phone: r.phone, canonicalPhone: r.canonicalPhone },
  }))).onConflictDoNothing({ target: [contacts.accountId, contacts.canonicalPhone] }).returning();
  if (created.length !== requests.length) throw new RaceLost('a contact was created meanwhile');
  return created;
}

/** Tags, default assignees and notes of every request, in a few statements for the whole group. */
async function writeRelationsTogether(tx: Executor, requests: UpsertRequest[], ids: string[]) {
  const tagIdsByAccount = new Map<number, Map<string, number>>();
  for (const accountId of new Set(requests.map((r) => r.actor.accountId))) {
    const names = requests.filter((r) => r.actor.accountId === accountId).flatMap((r) => r.change.tags?.names ?? []);
    tagIdsByAccount.set(accountId, await upsertTags(tx, accountId, names));
  }
  const tagPairs: [string, number][] = [];
  const assigneePairs: [string, number][] = [];
  const notes: { contactId: string; notes: string; createdById: number | null }[] = [];
  for (const [i, r] of requests.entries()) {
    const contactId = ids[i];
    if (r.change.tags) {
      const known = tagIdsByAccount.get(r.actor.accountId)!;
      const tagIds = [...new Set(r.change.tags.names.map((n) => known.get(n.trim())).filter((id): id is number => id !== undefined))];
      if (r.change.tags.mode === 'replace') await removeTagsExcept(tx, contactId, tagIds);
      for (const tagId of tagIds) tagPairs.push([contactId, tagId]);
    }
    if (r.change.assignees) {
      const userIds = [...new Set(r.change.assignees.ids)];
      if (r.change.assignees.mode === 'replace') await removeAssigneesExcept(tx, contactId, userIds);
      for (const userId of userIds) assigneePairs.push([contactId, userId]);
    }
    for (const note of r.change.notes?.value ?? []) notes.push({ contactId, notes: note.notes, createdById: r.actor.userId });
  }
  if (tagPairs.length) {
    await tx.insert(contactTags).values(tagPairs.map(([contactId, tagId]) => ({ contactId, tagId }))).onConflictDoNothing();
  }
  if (assigneePairs.length) {
    await tx.insert(contactDefaultAssignees).values(assigneePairs.map(([contactId, userId]) => ({ contactId, userId }))).onConflictDoNothing();
  }
  if (notes.length) await tx.insert(contactNotes).values(notes);
}

export async function upsertContactsTogether(db: Db, requests: UpsertRequest[]): Promise<UpsertOutcome[]> {
  const keys = requests.map((r) => keyOf(r.actor.accountId, r.canonicalPhone));
  if (new Set(keys).size !== keys.length) throw new RaceLost('the same contact twice in one group');
  // Notes are appended (POST semantics); a replace would need the one-by-one path.
  if (requests.some((r) => r.change.notes && r.change.notes.mode !== 'append')) throw new RaceLost('notes replaced');
  return countedTransaction(db, async (tx) => {
    const existing = await lockExisting(tx, requests);
    const updates = requests.flatMap((request, i) => {
      const found = existing.get(keys[i]);
      return found ? [{ existing: found, request }] : [];
    });
    const fresh = requests.filter((_, i) => !existing.has(keys[i]));
    await updateExisting(tx, updates);
    const created = await insertNew(tx, fresh);
    const createdByKey = new Map(created.map((c) => [keyOf(c.accountId, c.canonicalPhone), c]));
    const ids = keys.map((key) => existing.get(key)?.id ?? createdByKey.get(key)!.id);
    await writeRelationsTogether(tx, requests, ids);

    const changes = new Map<number, ContactChange[]>();
    const note = (accountId: number, change: ContactChange) => changes.set(accountId, [...(changes.get(accountId) ?? []), change]);
    for (const [i, r] of requests.entries()) {
      const old = existing.get(keys[i]);
      if (old) {
        const isDeleted = r.change.fields.isDeleted ?? false;
        if (old.isDeleted !== isDeleted) deferContactCount(tx, r.actor.accountId, isDeleted ? -1 : 1);
        note(r.actor.accountId, { id: old.id, type: changeType(old.isDeleted, isDeleted) });
      } else {
        if (!createdByKey.get(keys[i])!.isDeleted) deferContactCount(tx, r.actor.accountId, 1);
        note(r.actor.accountId, { id: ids[i], type: 'contact.created' });
      }
    }
    for (const [accountId, list] of changes) await recordContactEvents(tx, accountId, list);
    return ids.map((id, i) => ({ id, created: !existing.has(keys[i]) }));
  });
}
