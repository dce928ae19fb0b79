import { decryptJson, encryptJson } from './crypto';
import type { ChannelRecord, CloudApiSettings } from './provider';

export const DEFAULT_BASE_URL = 'https://graph.facebook.com';
export const DEFAULT_API_VERSION = 'v21.0';

export function encryptSettings(settings: CloudApiSettings): string {
  return encryptJson(settings);
}

/** The decrypted settings of a cloud_api channel (null for the sandbox or when none are stored). */
export function channelSettings(channel: Pick<ChannelRecord, 'settingsEncrypted'>): CloudApiSettings | null {
  if (!channel.settingsEncrypted) return null;
  return decryptJson<CloudApiSettings>(channel.settingsEncrypted);
}
