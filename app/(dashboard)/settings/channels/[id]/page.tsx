import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ChannelDetailView } from '@/components/channels/channel-detail-view';

export const metadata: Metadata = { title: 'Channel' };

export default async function ChannelPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  return <ChannelDetailView id={Number(id)} />;
}
