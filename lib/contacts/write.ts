import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { contactDefaultAssignees, contactNotes, contacts, contactTags } from '@/db/schema';
import { keyRows } from '@/lib/sql/key-probes';
import { insertRowsFromJson } from '@/lib/sql/insert-json';
import { interestedSubscriptionsSql, knownSubscriptions, type InterestedSubscription } from '@/lib/webhooks/record-events';
import { ValidationError } from '@/lib/api/errors';
import type { Member } from '@/lib/auth/member';
import { upsertTags } from '@/lib/tags/service';
import { deferContactCount } from './counter';
import { changeType, recordContactEvents, type ContactChange } from './events';
import { contactSearchText } from './search-text';
import { unchangedWrites } from './unchanged';
import { META_MAX_KEYS } from './validation';

// The one place that writes contact rows and their relations, for every path: the contact API,
// the dashboard, the CSV import, inbound messages, sends, broadcasts and flows (through
// upsertContacts in upsert.ts, or updateContacts for edits by id). Every function takes a batch;
// a single write is a batch of one. Callers choose the semantics (merge for POST/PATCH, replace
// for PUT) by how they fill `Change`. Must run inside countedTransaction.

export type ContactRecord = typeof contacts.$inferSelect;

export type ScalarFields = Partial<Pick<ContactRecord,
  'phone' | 'canonicalPhone' | 'firstName' | 'lastName' | 'email' | 'externalUrl' | 'externalId' | 'isDeleted' | 'source'
  | 'optedOutOn'>>;

export type Change = {
  fields: ScalarFields;
  meta?: { mode: 'merge' | 'replace'; value: Record<string, string | null> };
  notes?: { mode: 'append' | 'replace'; value: { id?: number; notes: string }[] };
  tags?: { mode: 'add' | 'replace'; names: string[] };
  assignees?: { mode: 'add' | 'replace'; ids: number[] };
};

/** `admin`: the acting member is an admin (only an admin opts a contact back in). */
export type Actor = { accountId: number; userId: number | null; admin?: boolean };

/** The contact writes' actor for a member of the API or the dashboard. */
export const memberActor = (member: Member): Actor => ({ accountId: member.accountId, userId: member.userId, admin: member.role === 'ADMIN' });

export type ContactUpdate = {
  actor: Actor; existing: ContactRecord; change: Change;
  /** The CSV import writing it: the contact then belongs to that import (see NewContact). */
  importId?: string | null;
};
export type NewContact = {
  actor: Actor;
  change: Change & { fields: { phone: string; canonicalPhone: string } };
  /** The CSV import that created it (or, on an update, last wrote it: a flow run for a file takes all its contacts). */
  importId?: string | null;
};

/**
 * The attributes a change leaves. A contact holds at most META_MAX_KEYS of them, whatever the
 * requests that added them: a change that would add one past that is refused (`refuse`, a 400 on
 * `meta`), or, for a CSV import, the attributes past it are not added (`drop`, as the README's
 * CSV import says). A contact stored with more before the limit applied keeps them.
 */
export function mergeMeta(current: Record<string, string>, change: Change['meta'], overflow: 'refuse' | 'drop' = 'refuse'): Record<string, string> {
  if (!change) return current;
  const base: Record<string, string> = change.mode === 'replace' ? {} : { ...current };
  let count = Object.keys(base).length;
  let refused = 0;
  for (const [key, value] of Object.entries(change.value)) {
    if (value === null) {
      if (Object.hasOwn(base, key)) count -= 1;
      delete base[key];
    } else if (Object.hasOwn(base, key)) {
      base[key] = value;
    } else if (count < META_MAX_KEYS) {
      base[key] = value;
      count += 1;
    } else {
      refused += 1;
    }
  }
  if (refused && overflow === 'refuse') {
    throw ValidationError.field('meta', `A contact holds at most ${META_MAX_KEYS} attributes: this change would give it ${count + refused}.`);
  }
  return base;
}

/** How a write treats attributes past the limit: an import drops them, any other writer is refused. */
const overflowOf = (importId: string | null | undefined) => (importId ? 'drop' as const : 'refuse' as const);

/** An existing contact as the change leaves it (fields, merged meta), with its new search key. */
export function changedContact(existing: ContactRecord, change: Change, overflow: 'refuse' | 'drop' = 'refuse'): ContactRecord {
  const next = { ...existing, ...change.fields, meta: mergeMeta(existing.meta, change.meta, overflow) };
  // Opting out again keeps the date the contact first did.
  if (change.fields.optedOutOn && existing.optedOutOn) next.optedOutOn = existing.optedOutOn;
  return { ...next, searchText: contactSearchText(next) };
}

export type ContactEvent = ContactChange & { accountId: number };

/**
 * Records contact events, each account's together. A write given a list to collect its events in
 * leaves them to the caller to record (later in the same transaction).
 */
export async function recordChanges(tx: Executor, changes: ContactEvent[], collect?: ContactEvent[]) {
  if (collect) {
    collect.push(...changes);
    return;
  }
  const byAccount = new Map<number, ContactChange[]>();
  for (const { accountId, ...change } of changes) {
    const list = byAccount.get(accountId);
    if (list) list.push(change);
    else byAccount.set(accountId, [change]);
  }
  for (const [accountId, list] of byAccount) await recordContactEvents(tx, accountId, list);
}

/**
 * Applies changes to existing contacts the caller has locked: one UPDATE for all of them, then
 * their relations, count changes and contact.updated / contact.deleted events. A change that
 * leaves a contact as it is writes nothing and announces nothing (unchanged.ts), except that an
 * import still takes the contact as its own. Returns each contact as it now is, and whether it
 * changed.
 */
export async function updateContacts(tx: Executor, updates: ContactUpdate[], events?: ContactEvent[]): Promise<{ contacts: ContactRecord[]; changed: boolean[] }> {
  if (!updates.length) return { contacts: [], changed: [] };
  const next = updates.map((u) => changedContact(u.existing, u.change, overflowOf(u.importId)));
  const unchanged = await unchangedWrites(tx, updates, next);
  const changed = updates.map((_, i) => !unchanged.has(i));
  const rows = next.flatMap((c, i) => (changed[i] || (updates[i].importId && updates[i].importId !== c.contactImportId) ? [{
    id: c.id, aid: c.accountId, phone: c.phone, cp: c.canonicalPhone, fn: c.firstName, ln: c.lastName, em: c.email,
    url: c.externalUrl, eid: c.externalId, src: c.source, del: c.isDeleted, meta: c.meta, st: c.searchText,
    imp: updates[i].importId ?? null, oo: c.optedOutOn?.toISOString() ?? null, ch: changed[i],
  }] : []));
  if (rows.length) {
    await tx.execute(sql`update contacts c set phone = x.phone, canonical_phone = x.cp, first_name = x.fn, last_name = x.ln,
        email = x.em, external_url = x.url, external_id = x.eid, source = x.src, is_deleted = x.del, meta = x.meta,
        search_text = x.st, contact_import = coalesce(x.imp, c.contact_import), opted_out_on = x.oo,
        last_updated_on = case when x.ch then now() else c.last_updated_on end
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, aid int, phone text, cp text, fn text, ln text,
        em text, url text, eid text, src text, del boolean, meta jsonb, st text, imp uuid, oo timestamptz, ch boolean)
      where c.id = x.id and c.account_id = x.aid`);
  }
  const done = updates.filter((_, i) => changed[i]);
  await writeRelations(tx, done.map((u) => ({ actor: u.actor, contactId: u.existing.id, change: u.change })));
  updates.forEach((u, i) => {
    if (changed[i] && u.existing.isDeleted !== next[i].isDeleted) deferContactCount(tx, u.actor.accountId, next[i].isDeleted ? -1 : 1);
  });
  await recordChanges(tx, updates.flatMap((u, i) => (changed[i] ? [{
    accountId: u.actor.accountId, id: u.existing.id, type: changeType(u.existing.isDeleted, next[i].isDeleted),
  }] : [])), events);
  return { contacts: next, changed };
}

/** The row of a new contact: every column given (null when absent), so a batch's rows agree. */
function newContactRow(c: NewContact) {
  const f = c.change.fields;
  const row = {
    accountId: c.actor.accountId, createdById: c.actor.userId, phone: f.phone, canonicalPhone: f.canonicalPhone,
    firstName: f.firstName ?? null, lastName: f.lastName ?? null, email: f.email ?? null, externalUrl: f.externalUrl ?? null,
    externalId: f.externalId ?? null, isDeleted: f.isDeleted ?? false, source: f.source ?? 'website',
    meta: mergeMeta({}, c.change.meta, overflowOf(c.importId)), contactImportId: c.importId ?? null,
    optedOutOn: f.optedOutOn ?? null,
  };
  return { ...row, searchText: contactSearchText(row) };
}

/**
 * Inserts new contacts (in account and phone order, the order every batch locks contacts in),
 * with their relations, count and contact.created events. A phone that another writer inserted
 * meanwhile gives null at its place: the caller then treats it as an existing contact.
 */
export async function insertContacts(
  tx: Executor, news: NewContact[], events?: ContactEvent[],
): Promise<({ id: string; isDeleted: boolean } | null)[]> {
  if (!news.length) return [];
  const order = news.map((_, i) => i).sort((a, b) => compareKeys(news[a].actor.accountId, news[a].change.fields.canonicalPhone,
    news[b].actor.accountId, news[b].change.fields.canonicalPhone));
  // The statement also reads each account's webhook subscriptions (once), which the events below need.
  const created = await execRows<{ id: string; account_id: number; canonical_phone: string; is_deleted: boolean; subscriptions: InterestedSubscription[] }>(tx, sql`
    with stored as (${insertRowsFromJson(contacts, order.map((i) => newContactRow(news[i])))}
      on conflict (account_id, canonical_phone) do nothing returning id, account_id, canonical_phone, is_deleted)
    , subscribed as (select a.account_id, ${interestedSubscriptionsSql(sql`a.account_id`)} as subscriptions from (select distinct account_id from stored) a)
    select stored.*, subscribed.subscriptions from stored join subscribed using (account_id)`);
  for (const row of created) knownSubscriptions(tx, row.account_id, row.subscriptions);
  const byKey = new Map(created.map((c) => [phoneKey(c.account_id, c.canonical_phone), { id: c.id, isDeleted: c.is_deleted }]));
  const out = news.map((n) => byKey.get(phoneKey(n.actor.accountId, n.change.fields.canonicalPhone)) ?? null);
  const made = news.flatMap((n, i) => (out[i] ? [{ n, row: out[i]! }] : []));
  await writeRelations(tx, made.map(({ n, row }) => ({ actor: n.actor, contactId: row.id, change: n.change })));
  for (const { n, row } of made) if (!row.isDeleted) deferContactCount(tx, n.actor.accountId, 1);
  await recordChanges(tx, made.map(({ n, row }) => ({ accountId: n.actor.accountId, id: row.id, type: 'contact.created' as const })), events);
  return out;
}

type RelationWrite = { actor: Actor; contactId: string; change: Change };

/** Tags, default assignees and notes of many contacts, in a few statements for the whole batch. */
async function writeRelations(tx: Executor, writes: RelationWrite[]) {
  // Each account's tags are created as needed and linked to the contacts in one statement.
  const withTags = writes.filter((w) => w.change.tags);
  const tagIds = new Map<number, Map<string, number>>();
  for (const accountId of new Set(withTags.map((w) => w.actor.accountId))) {
    const ofAccount = withTags.filter((w) => w.actor.accountId === accountId);
    tagIds.set(accountId, await upsertTags(tx, accountId, ofAccount.flatMap((w) => w.change.tags!.names),
      ofAccount.flatMap((w) => w.change.tags!.names.map((name) => ({ contactId: w.contactId, name })))));
  }
  const assigneePairs: { contactId: string; userId: number }[] = [];
  const added: { contactId: string; notes: string; createdById: number | null }[] = [];
  for (const { actor, contactId, change } of writes) {
    if (change.tags?.mode === 'replace') {
      const known = tagIds.get(actor.accountId)!;
      const ids = [...new Set(change.tags.names.map((n) => known.get(n.trim())).filter((id): id is number => id !== undefined))];
      await tx.delete(contactTags).where(and(eq(contactTags.contactId, contactId), ids.length ? notInArray(contactTags.tagId, ids) : undefined));
    }
    if (change.assignees) {
      const ids = [...new Set(change.assignees.ids)];
      if (change.assignees.mode === 'replace') {
        await tx.delete(contactDefaultAssignees).where(and(eq(contactDefaultAssignees.contactId, contactId),
          ids.length ? notInArray(contactDefaultAssignees.userId, ids) : undefined));
      }
      for (const userId of ids) assigneePairs.push({ contactId, userId });
    }
    if (change.notes?.mode === 'replace') {
      const kept = change.notes.value.filter((n) => n.id !== undefined);
      await tx.delete(contactNotes).where(and(eq(contactNotes.contactId, contactId),
        kept.length ? notInArray(contactNotes.id, kept.map((n) => n.id!)) : undefined));
      // Notes sent back with their id keep their author and time; their text may be edited.
      for (const note of kept) {
        await tx.update(contactNotes).set({ notes: note.notes }).where(and(eq(contactNotes.id, note.id!), eq(contactNotes.contactId, contactId)));
      }
    }
    for (const note of change.notes?.value ?? []) {
      if (change.notes!.mode === 'append' || note.id === undefined) added.push({ contactId, notes: note.notes, createdById: actor.userId });
    }
  }
  if (assigneePairs.length) await tx.insert(contactDefaultAssignees).values(assigneePairs).onConflictDoNothing();
  if (added.length) await tx.insert(contactNotes).values(added);
}

export const phoneKey = (accountId: number, canonicalPhone: string) => `${accountId}:${canonicalPhone}`;

// Canonical phones are "+" and digits, so comparing code units orders them as Postgres does.
function compareKeys(accountA: number, phoneA: string, accountB: number, phoneB: string): number {
  return accountA - accountB || (phoneA < phoneB ? -1 : phoneA > phoneB ? 1 : 0);
}

export type PhoneKey = { account_id: number; canonical_phone: string };

/**
 * The contacts with these phones, one index probe each (lib/sql/key-probes.ts). With `lock`,
 * each is locked FOR UPDATE as it is probed, in (account, phone) order whatever order the keys
 * came in, so two batches never deadlock.
 */
export function contactsByPhoneQuery(keys: PhoneKey[], { lock = false } = {}): SQL {
  const probed = lock ? [...keys].sort((a, b) => compareKeys(a.account_id, a.canonical_phone, b.account_id, b.canonical_phone)) : keys;
  return sql`
    select c.id, c.account_id, c.canonical_phone
    from ${keyRows({ account_id: 'int', canonical_phone: 'varchar' }, probed)},
    lateral (select id, account_id, canonical_phone from contacts
      where account_id = k.account_id and canonical_phone = k.canonical_phone limit 1${lock ? sql` for update` : sql``}) c`;
}

/** The stored contacts with these phones, keyed by phoneKey; locked FOR UPDATE with `lock`. */
export async function contactsByPhone(tx: Executor, keys: PhoneKey[], { lock = false } = {}): Promise<Map<string, ContactRecord>> {
  if (!keys.length) return new Map();
  // One statement: the probe finds (and locks, in its order) the rows; the outer select reads them
  // whole. Locking them again there gives their latest version when the probe waited for another
  // writer's commit, which the statement's snapshot alone would not show.
  const found = sql`(select c.id from (${contactsByPhoneQuery(keys, { lock })}) c)`;
  const select = tx.select().from(contacts).where(sql`${contacts.id} = any(array${found})`);
  const rows = lock ? await select.for('update') : await select;
  return new Map(rows.map((c) => [phoneKey(c.accountId, c.canonicalPhone), c]));
}

export async function lockContact(tx: Executor, accountId: number, where: { id: string } | { canonicalPhone: string }) {
  const condition = 'id' in where ? eq(contacts.id, where.id) : eq(contacts.canonicalPhone, where.canonicalPhone);
  const [row] = await tx.select().from(contacts).where(and(eq(contacts.accountId, accountId), condition)).for('update').limit(1);
  return row ?? null;
}

export async function deleteNoteRow(tx: Executor, contactId: string, noteId: number) {
  const rows = await tx.delete(contactNotes).where(and(eq(contactNotes.id, noteId), eq(contactNotes.contactId, contactId)))
    .returning({ id: contactNotes.id });
  return rows.length > 0;
}
