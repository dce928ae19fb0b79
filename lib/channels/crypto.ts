import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { persistedSecret } from '@/lib/secrets/persisted-secret';

// Channel provider settings (tokens, app secrets) are stored AES-256-GCM encrypted. The key comes
// from CHANNEL_SECRET_KEY (any string; 32 bytes are derived from it with SHA-256); without it, as
// in the embedded default, one is generated on first use and kept under .data/, like the session
// secret. Losing the key makes stored channel settings unreadable: keep it with the database.

const VERSION = 'v1';
let cached: { source: string; key: Buffer } | null = null;

function keySource(): string {
  return process.env.CHANNEL_SECRET_KEY || persistedSecret('channel-secret-key');
}

function key(): Buffer {
  const source = keySource();
  if (cached?.source !== source) cached = { source, key: createHash('sha256').update(source, 'utf8').digest() };
  return cached.key;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptJson(value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function decryptJson<T>(text: string): T {
  const [version, iv, tag, data] = text.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unreadable channel settings.');
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as T;
}

/** Shows that a secret is set without revealing it: the last 4 characters of long values only. */
export function mask(secret: string | null | undefined): string {
  if (!secret) return '';
  return secret.length >= 16 ? `••••${secret.slice(-4)}` : '••••';
}
