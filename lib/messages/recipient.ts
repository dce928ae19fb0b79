import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db';
import { contacts } from '@/db/schema';
import { ValidationError } from '@/lib/api/errors';
import type { Member } from '@/lib/auth/member';
import { accountCountry } from '@/lib/contacts/account-country';
import { upsertContact } from '@/lib/contacts/service';
import { canonicalizePhone } from '@/lib/phone/canonicalize';

// The contact a send goes to. Sending is not an edit: an existing contact (even a soft-deleted
// one) is used as it is, with no write and no contact.updated event; only an unknown number
// becomes a new contact, through the contacts service (which records contact.created).

export type Recipient = { id: string; canonicalPhone: string };

async function findByPhone(db: Db, accountId: number, canonicalPhone: string): Promise<Recipient | null> {
  const [row] = await db.select({ id: contacts.id, canonicalPhone: contacts.canonicalPhone }).from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.canonicalPhone, canonicalPhone))).limit(1);
  return row ?? null;
}

export async function recipientContact(db: Db, member: Member, phone: string): Promise<Recipient> {
  const canonical = canonicalizePhone(phone, await accountCountry(db, member.accountId));
  if (!canonical.ok) throw ValidationError.field('phone', 'Enter a valid phone number.');
  const existing = await findByPhone(db, member.accountId, canonical.e164);
  if (existing) return existing;
  const { contact } = await upsertContact(db, { accountId: member.accountId, userId: member.userId }, {
    phone, overwrite_meta: false, overwrite_tags: false, overwrite_default_assignees: false,
  });
  return { id: contact.id, canonicalPhone: contact.canonical_phone };
}
