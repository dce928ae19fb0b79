import type { Metadata } from 'next';
import { NewContactView } from '@/components/contacts/new-contact-view';

export const metadata: Metadata = { title: 'New contact' };

export default function NewContactPage() {
  return <NewContactView />;
}
