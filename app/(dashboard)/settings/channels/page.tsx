import type { Metadata } from 'next';
import { ChannelListView } from '@/components/channels/channel-list-view';

export const metadata: Metadata = { title: 'Channels' };

export default function ChannelsPage() {
  return <ChannelListView />;
}
