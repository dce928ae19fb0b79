import type { Contact } from '@/lib/client/types';

/** What a contact is called in lists and headings: the name, else the phone. */
export function contactName(c: Pick<Contact, 'first_name' | 'last_name' | 'phone'>): string {
  return `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim() || c.phone;
}
