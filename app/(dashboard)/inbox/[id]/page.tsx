import type { Metadata } from 'next';
import { ConversationView } from '@/components/inbox/conversation-view';

export const metadata: Metadata = { title: 'Conversation' };

export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ConversationView id={id} />;
}
