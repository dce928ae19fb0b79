import { cloudApiProvider } from './cloud-api/provider';
import type { ChannelProvider, ChannelRecord } from './provider';
import { sandboxProvider } from './sandbox/provider';
import { channelSettings } from './settings';

export function providerFor(channel: ChannelRecord): ChannelProvider {
  if (channel.channelProvider === 'PROVIDER_SANDBOX') return sandboxProvider;
  const settings = channelSettings(channel);
  if (!settings) throw new Error(`Channel ${channel.id} has no provider settings.`);
  return cloudApiProvider(channel, settings);
}
