import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { contacts } from '@/db/schema';

// What the builder offers in `{{contact.…}}`: the contact's own fields and the meta keys the
// account's contacts have.

export const CONTACT_VARIABLE_FIELDS = ['first_name', 'last_name', 'phone', 'email', 'external_id', 'external_url', 'source'] as const;

export async function contactVariables(db: Db, accountId: number) {
  const rows = await db.selectDistinct({ key: sql<string>`jsonb_object_keys(${contacts.meta})` }).from(contacts)
    .where(eq(contacts.accountId, accountId)).orderBy(sql`1`).limit(200);
  return { contact_fields: [...CONTACT_VARIABLE_FIELDS], meta_keys: rows.map((r) => r.key) };
}
