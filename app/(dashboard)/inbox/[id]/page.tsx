import type { Metadata } from 'next';
import { Suspense } from 'react';
import { InboxWorkspace } from '@/components/inbox/workspace/inbox-workspace';

export const metadata: Metadata = { title: 'Inbox' };

export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <Suspense><InboxWorkspace openId={id} /></Suspense>;
}
