import type { Metadata } from 'next';
import { Suspense } from 'react';
import { InboxWorkspace } from '@/components/inbox/workspace/inbox-workspace';

export const metadata: Metadata = { title: 'Inbox' };

export default function InboxPage() {
  return <Suspense><InboxWorkspace openId={null} /></Suspense>;
}
