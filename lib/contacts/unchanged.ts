import { sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import type { Change, ContactRecord } from './write';

// A write that would leave a contact as it is changes nothing: no row update, no last_updated_on
// moved, no contact.updated announced. Re-importing a file, re-saving a form unedited, or an
// integration that re-sends what it already sent would otherwise announce every contact again.

const SCALARS = ['phone', 'canonicalPhone', 'firstName', 'lastName', 'email', 'externalUrl', 'externalId', 'source', 'isDeleted'] as const;

function sameMeta(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

/** Whether `next` (the contact as the change leaves it) holds what `existing` holds. */
export function sameContact(existing: ContactRecord, next: ContactRecord): boolean {
  return SCALARS.every((k) => existing[k] === next[k])
    && (existing.optedOutOn?.getTime() ?? null) === (next.optedOutOn?.getTime() ?? null)
    && sameMeta(existing.meta, next.meta);
}

/** Whether the change touches tags, assignees or notes at all (then they are compared in the database). */
function touchesRelations(change: Change): boolean {
  return !!(change.tags || change.assignees || change.notes);
}

type Held = { id: string; tags_missing: number; tags_extra: number; users_missing: number; users_extra: number; notes: { id: number; notes: string }[] | null };

/**
 * The indexes of the writes that change nothing: their fields and attributes stay, every tag and
 * default assignee they add is there already (and, replacing them, no other is), and notes are
 * only sent back as they are. Tags are compared as upsertTags matches them (Postgres's lower()).
 */
export async function unchangedWrites(
  tx: Executor, writes: { existing: ContactRecord; change: Change }[], next: ContactRecord[],
): Promise<Set<number>> {
  const candidates = writes.flatMap((w, i) => (sameContact(w.existing, next[i])
    && !(w.change.notes?.mode === 'append' && w.change.notes.value.length) ? [i] : []));
  const unchanged = new Set(candidates.filter((i) => !touchesRelations(writes[i].change)));
  const checked = candidates.filter((i) => touchesRelations(writes[i].change));
  if (!checked.length) return unchanged;
  const doc = checked.map((i) => {
    const { tags, assignees } = writes[i].change;
    return {
      id: writes[i].existing.id,
      tags: tags ? tags.names.map((n) => n.trim()).filter(Boolean) : null,
      users: assignees ? [...new Set(assignees.ids)] : null,
    };
  });
  const held = await execRows<Held>(tx, sql`
    select x.id,
      (select count(*)::int from unnest(x.tags) n where not exists (select 1 from contact_tags ct join tags t on t.id = ct.tag_id
        where ct.contact_id = x.id and lower(t.name) = lower(n))) as tags_missing,
      (select count(*)::int from contact_tags ct join tags t on t.id = ct.tag_id
        where ct.contact_id = x.id and lower(t.name) <> all(coalesce((select array_agg(lower(n)) from unnest(x.tags) n), '{}'))) as tags_extra,
      (select count(*)::int from unnest(x.users) u where not exists (select 1 from contact_default_assignees a
        where a.contact_id = x.id and a.user_id = u)) as users_missing,
      (select count(*)::int from contact_default_assignees a where a.contact_id = x.id and a.user_id <> all(coalesce(x.users, '{}'))) as users_extra,
      (select json_agg(json_build_object('id', n.id, 'notes', n.notes)) from contact_notes n where n.contact_id = x.id) as notes
    from jsonb_to_recordset(${JSON.stringify(doc)}::jsonb) as x(id uuid, tags text[], users int[])`);
  const byId = new Map(held.map((h) => [h.id, h]));
  for (const i of checked) {
    const h = byId.get(writes[i].existing.id);
    const { tags, assignees, notes } = writes[i].change;
    if (!h) continue;
    const tagsHeld = !tags || (h.tags_missing === 0 && (tags.mode === 'add' || h.tags_extra === 0));
    const usersHeld = !assignees || (h.users_missing === 0 && (assignees.mode === 'add' || h.users_extra === 0));
    if (tagsHeld && usersHeld && sameNotes(notes, h.notes ?? [])) unchanged.add(i);
  }
  return unchanged;
}

/** Notes unchanged: none appended, and a replacement that sends back every note, by id, as it is. */
function sameNotes(notes: Change['notes'], held: { id: number; notes: string }[]): boolean {
  if (!notes) return true;
  if (notes.mode === 'append') return notes.value.length === 0;
  if (notes.value.length !== held.length || notes.value.some((n) => n.id === undefined)) return false;
  const byId = new Map(held.map((n) => [n.id, n.notes]));
  return notes.value.every((n) => byId.get(n.id!) === n.notes) && new Set(notes.value.map((n) => n.id)).size === held.length;
}
