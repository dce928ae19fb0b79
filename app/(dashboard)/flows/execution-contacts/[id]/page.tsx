import type { Metadata } from 'next';
import { ExecutionContactView } from '@/components/flows/execution-contact-view';

export const metadata: Metadata = { title: 'Flow execution contact' };

export default async function FlowExecutionContactPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ExecutionContactView id={id} />;
}
