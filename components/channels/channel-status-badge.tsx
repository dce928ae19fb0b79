import { Badge } from '@/components/ui/badge';
import type { Channel } from '@/lib/client/types';

const tone = { NEW: 'amber', ACTIVE: 'green', INACTIVE: 'gray' } as const satisfies Record<Channel['status'], string>;
const label = { NEW: 'New', ACTIVE: 'Active', INACTIVE: 'Inactive' } as const satisfies Record<Channel['status'], string>;

export function ChannelStatusBadge({ status }: { status: Channel['status'] }) {
  return <span data-testid="channel-status" data-status={status}><Badge tone={tone[status]}>{label[status]}</Badge></span>;
}

export function providerLabel(c: Pick<Channel, 'channel_provider' | 'is_sandbox'>): string {
  return c.is_sandbox ? 'Sandbox' : c.channel_provider === 'PROVIDER_CLOUD_API' ? 'Cloud API' : c.channel_provider;
}
