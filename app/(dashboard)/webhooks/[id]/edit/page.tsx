import type { Metadata } from 'next';
import { EditSubscriptionView } from '@/components/webhooks/edit-subscription-view';

export const metadata: Metadata = { title: 'Edit webhook subscription' };

export default async function EditWebhookPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditSubscriptionView id={id} />;
}
