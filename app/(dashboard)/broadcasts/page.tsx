import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';

export const metadata: Metadata = { title: 'Broadcasts' };

export default function BroadcastsPage() {
  return <ComingSoon title="Broadcasts" description="Send a template message to many contacts at once and follow its delivery." />;
}
