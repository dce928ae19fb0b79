import type { Metadata } from 'next';
import { SubscriptionDetailView } from '@/components/webhooks/subscription-detail-view';

export const metadata: Metadata = { title: 'Webhook subscription' };

export default async function WebhookPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SubscriptionDetailView id={id} />;
}
