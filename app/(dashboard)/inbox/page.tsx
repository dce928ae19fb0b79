import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';

export const metadata: Metadata = { title: 'Inbox' };

export default function InboxPage() {
  return <ComingSoon title="Inbox" description="Conversations with your contacts, assigned to your team, will appear here." />;
}
