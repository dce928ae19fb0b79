import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ContactListView } from '@/components/contacts/contact-list-view';

export const metadata: Metadata = { title: 'Contacts' };

export default function ContactsPage() {
  return <Suspense><ContactListView /></Suspense>;
}
