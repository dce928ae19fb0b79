import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import type { ContactRow } from './serializer';

// Contacts are read with their notes, tags and default assignees aggregated in the same query, so
// a page of 20 is one round trip.
const shortUser = (alias: string) => sql.raw(
  `json_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name, 'email', ${alias}.email)`,
);

const CONTACT_COLUMNS = sql`
  c.id, c.phone, c.canonical_phone, c.first_name, c.last_name, c.email, c.meta, c.external_url, c.external_id,
  c.is_deleted, c.source, c.phone_status, c.contact_import, c.last_conversation, c.created_by, c.created_on,
  c.last_updated_on,
  (select json_agg(json_build_object('id', n.id, 'notes', n.notes, 'created_on', n.created_on,
      'created_by', case when nu.id is null then null else ${shortUser('nu')} end) order by n.id)
     from contact_notes n left join users nu on nu.id = n.created_by where n.contact_id = c.id) as notes,
  (select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
     from contact_tags ct join tags t on t.id = ct.tag_id where ct.contact_id = c.id) as tags,
  (select json_agg(${shortUser('au')} order by au.id)
     from contact_default_assignees a join users au on au.id = a.user_id where a.contact_id = c.id) as default_assignees`;

export async function selectContacts(
  db: Executor, accountId: number, where: SQL, tail: SQL = sql``, extraColumns: SQL = sql``,
): Promise<ContactRow[]> {
  return execRows<ContactRow>(db, sql`select ${CONTACT_COLUMNS} ${extraColumns} from contacts c
    where c.account_id = ${accountId} and ${where} ${tail}`);
}

export async function selectContact(db: Executor, accountId: number, id: string): Promise<ContactRow | null> {
  const [row] = await selectContacts(db, accountId, sql`c.id = ${id}`);
  return row ?? null;
}
