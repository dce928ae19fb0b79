import type { Metadata } from 'next';
import { ExecutionView } from '@/components/flows/execution-view';

export const metadata: Metadata = { title: 'Flow execution' };

export default async function FlowExecutionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ExecutionView id={id} />;
}
