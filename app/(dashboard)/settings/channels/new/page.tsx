import type { Metadata } from 'next';
import { NewChannelView } from '@/components/channels/new-channel-view';

export const metadata: Metadata = { title: 'Add channel' };

export default function NewChannelPage() {
  return <NewChannelView />;
}
