import type { Metadata } from 'next';
import { Suspense } from 'react';
import { BroadcastListView } from '@/components/broadcasts/broadcast-list-view';

export const metadata: Metadata = { title: 'Broadcasts' };

export default function BroadcastsPage() {
  return <Suspense><BroadcastListView /></Suspense>;
}
