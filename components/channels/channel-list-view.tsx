'use client';
import Link from 'next/link';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { useChannels } from '@/lib/client/channels';
import { useMe } from '@/lib/client/me';
import { ChannelStatusBadge, providerLabel } from './channel-status-badge';

export function ChannelListView() {
  const me = useMe();
  const channels = useChannels();
  return (
    <>
      <PageHeader title="Channels"
        description="The numbers your account sends and receives messages on. Every account has a sandbox channel for trying things out."
        actions={me.data?.user.role === 'ADMIN' ? <ButtonLink href="/settings/channels/new">Add channel</ButtonLink> : undefined} />
      {channels.isPending ? <LoadingState /> : channels.isError ? <ErrorState error={channels.error} onRetry={() => channels.refetch()} /> : (
        <Card flush>
          {channels.data.results.length === 0 ? <EmptyState title="No channels yet" /> : (
            <Table label="Channels">
              <thead><tr><Th>Name</Th><Th>Provider</Th><Th>Number / phone number id</Th><Th>Status</Th><Th>Templates synced</Th></tr></thead>
              <tbody className="divide-y divide-slate-100">
                {channels.data.results.map((c) => (
                  <tr key={c.id}>
                    <Td><Link href={`/settings/channels/${c.id}`} className="font-medium text-indigo-700 hover:underline">{c.name}</Link></Td>
                    <Td>{providerLabel(c)}</Td>
                    <Td className="font-mono">{c.channel_id}</Td>
                    <Td><ChannelStatusBadge status={c.status} /></Td>
                    <Td><DateTime value={c.templates_synced_on} fallback="Never" /></Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Card>
      )}
    </>
  );
}
