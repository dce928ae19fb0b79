import type { Metadata } from 'next';
import { FlowDetailView } from '@/components/flows/flow-detail-view';

export const metadata: Metadata = { title: 'Flow' };

export default async function FlowPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <FlowDetailView id={id} />;
}
