import type { Metadata } from 'next';
import { FlowListView } from '@/components/flows/flow-list-view';

export const metadata: Metadata = { title: 'Flows' };

export default function FlowsPage() {
  return <FlowListView />;
}
