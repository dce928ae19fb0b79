import type { Contact } from '@/lib/client/types';
import { formatPhone } from '@/lib/phone/format';

/** What a contact is called in lists and headings: the name, else the formatted phone. */
export function contactName(c: Pick<Contact, 'first_name' | 'last_name' | 'canonical_phone'>): string {
  return `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim() || formatPhone(c.canonical_phone);
}
