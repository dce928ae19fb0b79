import type { Metadata } from 'next';
import { NewSubscriptionView } from '@/components/webhooks/new-subscription-view';

export const metadata: Metadata = { title: 'New webhook subscription' };

export default function NewWebhookPage() {
  return <NewSubscriptionView />;
}
