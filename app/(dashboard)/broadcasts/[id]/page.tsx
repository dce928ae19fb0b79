import type { Metadata } from 'next';
import { BroadcastDetailView } from '@/components/broadcasts/broadcast-detail-view';

export const metadata: Metadata = { title: 'Broadcast' };

export default async function BroadcastPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BroadcastDetailView id={id} />;
}
