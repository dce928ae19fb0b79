import type { ChannelRecord } from './provider';

/** Why nothing may be sent through the channel ("was deleted", "is switched off"), or null when it may. */
export function channelUnusable(channel: Pick<ChannelRecord, 'status' | 'deletedOn'>): string | null {
  if (channel.deletedOn) return 'was deleted';
  if (channel.status === 'INACTIVE') return 'is switched off';
  return null;
}
