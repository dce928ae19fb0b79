import type { Metadata } from 'next';
import { Suspense } from 'react';
import { InboxListView } from '@/components/inbox/inbox-list-view';

export const metadata: Metadata = { title: 'Inbox' };

export default function InboxPage() {
  return <Suspense><InboxListView /></Suspense>;
}
