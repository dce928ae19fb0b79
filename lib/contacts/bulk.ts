import { and, eq, inArray, sql } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';
import { ValidationError } from '@/lib/api/errors';
import { contacts } from '@/db/schema';
import { countedTransaction } from './counter';
import { contactFilterSql } from './list';
import { META_MAX_KEYS, type ContactBulk } from './validation';
import { refuseOptInByAgent } from '@/lib/opt-out/marketing';
import { updateContacts, type Actor, type Change, type ContactRecord } from './write';

// One change to many contacts, those named by id or every contact a list's filters show, through
// the write every edit of one contact goes through (updateContacts): the same events, counts and
// inbox announcements. Contacts the change would leave as they are are not written (no event).
// Each chunk is its own short transaction, so a change to a whole account does not hold its locks.

const CHUNK = 500;
export const BULK_FILTER_MAX = 10_000;

export type BulkResult = { matched: number; changed: number };

/** The tag names of these contacts. */
async function tagsOf(tx: Executor, ids: string[]): Promise<Map<string, string[]>> {
  const rows = await execRows<{ contact_id: string; names: string[] }>(tx, sql`
    select ct.contact_id, array_agg(t.name order by t.name) as names from contact_tags ct join tags t on t.id = ct.tag_id
    where ct.contact_id = any(${sql.param(ids)}::uuid[]) group by ct.contact_id`);
  return new Map(rows.map((r) => [r.contact_id, r.names]));
}

/** The change for one contact, or null when it would change nothing. */
function changeFor(body: ContactBulk, c: ContactRecord, tags: string[]): Change | null {
  const has = (name: string) => tags.some((t) => t.toLowerCase() === name.toLowerCase());
  switch (body.action) {
    case 'add_tag':
      return has(body.tag!) ? null : { fields: {}, tags: { mode: 'add', names: [body.tag!] } };
    case 'remove_tag':
      return has(body.tag!) ? { fields: {}, tags: { mode: 'replace', names: tags.filter((t) => t.toLowerCase() !== body.tag!.toLowerCase()) } } : null;
    case 'set_attribute': {
      const { name, value } = body.attribute!;
      const current = Object.hasOwn(c.meta, name) ? c.meta[name] : null;
      if (current === value) return null;
      // A contact already holding as many attributes as it may is left out (counted as not changed).
      if (current === null && Object.keys(c.meta).length >= META_MAX_KEYS) return null;
      return { fields: {}, meta: { mode: 'merge', value: { [name]: value } } };
    }
    case 'delete':
      return c.isDeleted ? null : { fields: { isDeleted: true } };
    case 'restore':
      return c.isDeleted ? { fields: { isDeleted: false } } : null;
    case 'opt_out':
      return c.optedOutOn ? null : { fields: { optedOutOn: new Date() } };
    case 'opt_in':
      return c.optedOutOn ? { fields: { optedOutOn: null } } : null;
  }
}

export async function bulkChangeContacts(db: Db, actor: Actor, body: ContactBulk): Promise<BulkResult> {
  refuseOptInByAgent(!!actor.admin, body.action === 'opt_in');
  const where = body.ids
    ? sql`c.account_id = ${actor.accountId} and c.id = any(${sql.param(body.ids)}::uuid[])`
    : await contactFilterSql(db, actor.accountId, body.filter!);
  // One request changes at most so many: it answers within seconds, rather than being cut off by
  // a proxy part-way through a whole account.
  const ids = (await execRows<{ id: string }>(db, sql`select c.id from contacts c where ${where} order by c.id limit ${BULK_FILTER_MAX + 1}`)).map((r) => r.id);
  if (ids.length > BULK_FILTER_MAX) {
    throw ValidationError.field('filter', `The filter matches more than ${BULK_FILTER_MAX.toLocaleString('en-US')} contacts: narrow it (a search, a tag), and change them in parts.`);
  }
  let changed = 0;
  for (let at = 0; at < ids.length; at += CHUNK) {
    const chunk = ids.slice(at, at + CHUNK);
    changed += await countedTransaction(db, async (tx) => {
      const rows = await tx.select().from(contacts)
        .where(and(eq(contacts.accountId, actor.accountId), inArray(contacts.id, chunk))).orderBy(contacts.id).for('update');
      const tags = body.tag ? await tagsOf(tx, chunk) : new Map<string, string[]>();
      const updates = rows.flatMap((existing) => {
        const change = changeFor(body, existing, tags.get(existing.id) ?? []);
        return change ? [{ actor, existing, change }] : [];
      });
      await updateContacts(tx, updates);
      return updates.length;
    });
  }
  return { matched: ids.length, changed };
}
