import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { getDb } from '@/db';
import { readLimited } from '@/lib/api/body';
import { ApiError, NotFoundError, ParseError, PermissionDeniedError } from '@/lib/api/errors';
import { processWebhook } from '@/lib/messages/inbound';
import { receivingCallback } from '@/lib/messages/status-arrivals';
import type { CallbackResult } from '@/lib/openapi/schemas/messaging';
import { channelById } from '../by-id';
import { markWebhookSet } from '../service';
import { channelSettings } from '../settings';

// The provider's callbacks for one cloud_api channel:
//   GET  verification handshake: hub.mode=subscribe and hub.verify_token → hub.challenge
//   POST messages and statuses, signed: X-Hub-Signature-256 = sha256=HMAC-SHA256(app secret, raw body)
// A missing or wrong signature is refused before anything is parsed or stored.

const CALLBACK_BODY_LIMIT = 4 * 1024 * 1024;

async function cloudChannel(id: number) {
  const db = await getDb();
  const channel = await channelById(db, id);
  // A deleted channel is gone for its provider too (a switched-off one still hears statuses and replies).
  const settings = channel && !channel.deletedOn && channel.channelProvider === 'PROVIDER_CLOUD_API' ? channelSettings(channel) : null;
  if (!channel || !settings) throw new NotFoundError();
  return { db, channel, settings };
}

export function signatureMatches(appSecret: string, body: Uint8Array, header: string | null): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}

/** Constant-time comparison of a presented secret with the stored one (length aside). */
export function secretMatches(expected: string, presented: string | null): boolean {
  if (!expected || presented === null) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(presented, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function verifyHandshake(channelId: number, url: URL): Promise<Response> {
  const { db, channel, settings } = await cloudChannel(channelId);
  const q = url.searchParams;
  if (q.get('hub.mode') !== 'subscribe' || !secretMatches(settings.verify_token, q.get('hub.verify_token'))) {
    throw new PermissionDeniedError('Verification token mismatch.');
  }
  await markWebhookSet(db, channel);
  return new Response(q.get('hub.challenge') ?? '', { status: 200, headers: { 'content-type': 'text/plain' } });
}

export async function receiveCallback(channelId: number, req: Request): Promise<Response> {
  // Counted as received from here until processed: a resend after a worker's death waits for it.
  // The signature names the body, so the provider's redelivery of a failed one releases its hold.
  const received = await receivingCallback(req.headers.get('x-hub-signature-256'));
  try {
    const response = await processCallback(channelId, req, received.receivedAt);
    received.done(true);
    return response;
  } catch (error) {
    // A refused callback (a bad signature, a deleted channel) carries nothing of ours; one that
    // failed holds the watermark a while longer, as the provider sends it again.
    if (error instanceof ApiError && error.status < 500) received.done(false);
    else received.failed();
    throw error;
  }
}

async function processCallback(channelId: number, req: Request, receivedAt: number): Promise<Response> {
  const { db, channel, settings } = await cloudChannel(channelId);
  const raw = await readLimited(req, CALLBACK_BODY_LIMIT);
  if (!signatureMatches(settings.app_secret, raw, req.headers.get('x-hub-signature-256'))) {
    throw new ApiError(401, { detail: 'Invalid signature.' });
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch (error) {
    throw new ParseError(`JSON parse error - ${(error as Error).message}`);
  }
  const result = await processWebhook(db, channel, payload, receivedAt);
  return Response.json({
    messages: result.messageIds.length, duplicates: result.duplicates, statuses: result.statuses, skipped: result.skipped,
  } satisfies z.output<typeof CallbackResult>);
}
