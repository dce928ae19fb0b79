import { createHash, randomBytes } from 'node:crypto';

// A key is `ek_` + 43 url-safe characters (256 random bits). The first 11 characters are the
// visible prefix shown in listings; only the SHA-256 of the whole key is stored.

export const KEY_PREFIX_LENGTH = 11;

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `ek_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, KEY_PREFIX_LENGTH), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
