import type { Metadata } from 'next';
import { Suspense } from 'react';
import { WebhookListView } from '@/components/webhooks/webhook-list-view';

export const metadata: Metadata = { title: 'Webhooks' };

export default function WebhooksPage() {
  return <Suspense><WebhookListView /></Suspense>;
}
