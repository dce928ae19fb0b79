import { sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import type { Change, ContactRecord } from './write';

// A write that would leave a contact as it is changes nothing: no row update, no last_updated_on
// moved, no contact.updated announced. Re-importing a file, or an integration that re-sends what it
// already sent, would otherwise announce every contact to every webhook again.

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

/** Whether a change's relations could leave them as they are: only tags or assignees added. */
function onlyAdds(change: Change): boolean {
  return !change.notes?.value.length && change.tags?.mode !== 'replace' && change.assignees?.mode !== 'replace'
    && !(change.notes?.mode === 'replace');
}

/**
 * The indexes of the writes that change nothing: their fields and attributes stay, and every tag
 * and default assignee they add is there already (one query for the batch's candidates).
 */
export async function unchangedWrites(
  tx: Executor, writes: { existing: ContactRecord; change: Change }[], next: ContactRecord[],
): Promise<Set<number>> {
  const candidates = writes.flatMap((w, i) => (onlyAdds(w.change) && sameContact(w.existing, next[i]) ? [i] : []));
  const adding = candidates.filter((i) => writes[i].change.tags?.names.some((n) => n.trim()) || writes[i].change.assignees?.ids.length);
  const unchanged = new Set(candidates.filter((i) => !adding.includes(i)));
  if (!adding.length) return unchanged;
  const ids = adding.map((i) => writes[i].existing.id);
  const held = await execRows<{ id: string; tags: string[] | null; users: number[] | null }>(tx, sql`
    select c.id,
      (select array_agg(lower(t.name)) from contact_tags ct join tags t on t.id = ct.tag_id where ct.contact_id = c.id) as tags,
      (select array_agg(a.user_id) from contact_default_assignees a where a.contact_id = c.id) as users
    from unnest(${sql.param(ids)}::uuid[]) as c(id)`);
  const byId = new Map(held.map((h) => [h.id, { tags: new Set(h.tags ?? []), users: new Set((h.users ?? []).map(Number)) }]));
  for (const i of adding) {
    const has = byId.get(writes[i].existing.id);
    const { tags, assignees } = writes[i].change;
    const tagsHeld = (tags?.names ?? []).every((n) => !n.trim() || has?.tags.has(n.trim().toLowerCase()));
    const usersHeld = (assignees?.ids ?? []).every((id) => has?.users.has(id));
    if (tagsHeld && usersHeld) unchanged.add(i);
  }
  return unchanged;
}
