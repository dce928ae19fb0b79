import type { Metadata } from 'next';
import { NewFlowView } from '@/components/flows/builder/new-flow-view';

export const metadata: Metadata = { title: 'New flow' };

export default function NewFlowPage() {
  return <NewFlowView />;
}
