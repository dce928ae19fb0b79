import type { Executor } from '@/db';
import { execRows } from '@/db';
import {
  contactsByPhone, contactsByPhoneQuery, insertContacts, phoneKey, updateContacts, type Actor, type Change, type ContactEvent,
  type ContactRecord,
} from './write';

// Contacts by canonical phone, created or found, for every path that names a contact by its
// number: the contact API's upsert, the CSV import, inbound messages, template sends, broadcasts
// and flows. A batch of writes is stored as storing them one after another would store them;
// one write is a batch of one. Must run inside countedTransaction.

export type ContactWrite = {
  actor: Actor;
  canonicalPhone: string;
  /** The number as given: stored on a new contact (an existing one keeps its spelling). */
  phone: string;
  /** Applied to a new contact; to an existing one only with `onExisting: 'merge'`. */
  change: Change;
  /**
   * `merge`: the change is applied to an existing contact, and one without `is_deleted` restores a
   * deleted contact (the upsert's rule). `keep`: an existing contact is used as it is, with no
   * write and no event (sending to a contact is not an edit of it).
   */
  onExisting: 'merge' | 'keep';
  /**
   * With `merge`, whether a change without `is_deleted` restores a deleted contact (the upsert's
   * rule, the default). A CSV import passes false: a deleted contact stays deleted.
   */
  restoresDeleted?: boolean;
  importId?: string | null;
  /** The source of a contact created here when the change gives none (default `website`). */
  sourceIfNew?: string;
};

/** `unchanged`: an existing contact the write left as it was (merge only). */
export type ContactWritten = { id: string; created: boolean; unchanged?: boolean };

/** The writes in rounds that name each contact at most once, in their order. */
function rounds(writes: ContactWrite[]): number[][] {
  const out: number[][] = [];
  const seen = new Map<string, number>();
  writes.forEach((w, i) => {
    const key = phoneKey(w.actor.accountId, w.canonicalPhone);
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    (out[round] ??= []).push(i);
  });
  return out;
}

/**
 * Each write's contact, in the order given. Its contact events are recorded, or collected in
 * `events` for the caller to record.
 */
export async function upsertContacts(tx: Executor, writes: ContactWrite[], events?: ContactEvent[]): Promise<ContactWritten[]> {
  const out: ContactWritten[] = [];
  for (const round of rounds(writes)) {
    const results = await upsertRound(tx, round.map((i) => writes[i]), events);
    round.forEach((i, n) => { out[i] = results[n]; });
  }
  return out;
}

async function upsertRound(tx: Executor, writes: ContactWrite[], events: ContactEvent[] | undefined): Promise<ContactWritten[]> {
  const out: ContactWritten[] = [];
  let pending = writes.map((_, i) => i);
  // A contact another writer creates between our lookup and our insert is looked up again.
  for (let attempt = 0; pending.length && attempt < 3; attempt++) {
    // Merging needs the whole rows, locked; keeping needs only the ids.
    const merging = pending.some((i) => writes[i].onExisting === 'merge');
    const keys = pending.map((i) => ({ account_id: writes[i].actor.accountId, canonical_phone: writes[i].canonicalPhone }));
    const existing: Map<string, Pick<ContactRecord, 'id'> & Partial<ContactRecord>> = merging
      ? await contactsByPhone(tx, keys, { lock: true })
      : new Map((await execRows<{ id: string; account_id: number; canonical_phone: string }>(tx, contactsByPhoneQuery(keys)))
        .map((c) => [phoneKey(c.account_id, c.canonical_phone), { id: c.id }]));
    const found = (i: number) => existing.get(phoneKey(writes[i].actor.accountId, writes[i].canonicalPhone));

    const merges = pending.filter((i) => found(i) && writes[i].onExisting === 'merge');
    const merged = await updateContacts(tx, merges.map((i) => ({
      actor: writes[i].actor, existing: found(i) as ContactRecord, importId: writes[i].importId,
      change: { ...writes[i].change, fields: {
        ...writes[i].change.fields,
        isDeleted: writes[i].change.fields.isDeleted ?? (writes[i].restoresDeleted === false && (found(i) as ContactRecord).isDeleted),
      } },
    })), events);
    merges.forEach((i, n) => { out[i] = { id: merged.contacts[n].id, created: false, unchanged: !merged.changed[n] }; });
    for (const i of pending) {
      const kept = found(i);
      if (kept && writes[i].onExisting === 'keep') out[i] = { id: kept.id, created: false };
    }

    const fresh = pending.filter((i) => !found(i));
    const created = await insertContacts(tx, fresh.map((i) => ({
      actor: writes[i].actor, importId: writes[i].importId,
      change: { ...writes[i].change, fields: {
        source: writes[i].sourceIfNew, ...writes[i].change.fields, phone: writes[i].phone, canonicalPhone: writes[i].canonicalPhone,
      } },
    })), events);
    fresh.forEach((i, n) => { if (created[n]) out[i] = { id: created[n]!.id, created: true }; });
    pending = fresh.filter((_, n) => !created[n]);
  }
  if (pending.length) throw new Error('contact upsert kept racing with concurrent writers');
  return out;
}
