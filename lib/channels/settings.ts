import { decryptJson, encryptJson } from './crypto';
import type { ChannelRecord, CloudApiSettings } from './provider';

export const DEFAULT_BASE_URL = 'https://graph.facebook.com';
export const DEFAULT_API_VERSION = 'v21.0';

export function encryptSettings(settings: CloudApiSettings): string {
  return encryptJson(settings);
}

// Every provider callback and send reads its channel's settings. A ciphertext always decrypts to
// the same settings (a change is a new ciphertext, with a new IV), so they are kept by ciphertext.
const decrypted = new Map<string, CloudApiSettings>();
const MAX_DECRYPTED = 1_000;

/** The decrypted settings of a cloud_api channel (null for the sandbox or when none are stored). */
export function channelSettings(channel: Pick<ChannelRecord, 'settingsEncrypted'>): CloudApiSettings | null {
  if (!channel.settingsEncrypted) return null;
  let settings = decrypted.get(channel.settingsEncrypted);
  if (!settings) {
    settings = decryptJson<CloudApiSettings>(channel.settingsEncrypted);
    if (decrypted.size >= MAX_DECRYPTED) decrypted.clear();
    decrypted.set(channel.settingsEncrypted, settings);
  }
  return { ...settings };
}
