import type { Metadata } from 'next';
import { EditContactView } from '@/components/contacts/edit-contact-view';

export const metadata: Metadata = { title: 'Edit contact' };

export default async function EditContactPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditContactView id={id} />;
}
