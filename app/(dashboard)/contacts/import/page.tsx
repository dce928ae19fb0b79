import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ImportView } from '@/components/contacts/import/import-view';

export const metadata: Metadata = { title: 'Import contacts' };

export default function ImportContactsPage() {
  return <Suspense><ImportView /></Suspense>;
}
