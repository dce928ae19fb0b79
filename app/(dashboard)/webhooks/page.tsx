import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';

export const metadata: Metadata = { title: 'Webhooks' };

export default function WebhooksPage() {
  return <ComingSoon title="Webhooks" description="Subscribe your systems to contact, message and conversation events." />;
}
