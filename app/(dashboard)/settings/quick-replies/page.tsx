import type { Metadata } from 'next';
import { QuickRepliesView } from '@/components/settings/quick-replies-view';

export const metadata: Metadata = { title: 'Quick replies' };

export default function QuickRepliesPage() {
  return <QuickRepliesView />;
}
