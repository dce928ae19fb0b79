import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks (standardwebhooks.com): `webhook-id`, `webhook-timestamp` (unix seconds) and
// `webhook-signature`: space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per
// secret in force (two for 24 hours after a rotation). Secrets are `whsec_` + base64 of 32 bytes.

export const SECRET_PREFIX = 'whsec_';

export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return 'v1,' + createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

export function signatureHeaders(secrets: string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => sign(s, id, timestamp, body)).join(' '),
  };
}
