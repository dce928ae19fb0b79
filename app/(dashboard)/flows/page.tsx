import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';

export const metadata: Metadata = { title: 'Flows' };

export default function FlowsPage() {
  return <ComingSoon title="Flows" description="Automated conversations and their executions will be managed here." />;
}
