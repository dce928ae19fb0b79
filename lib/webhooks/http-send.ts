import http from 'node:http';
import https from 'node:https';
import { guardedLookup, refusedLiteralHost } from './target-guard';

export const DELIVERY_TIMEOUT_MS = 10_000;
const RESPONSE_BODY_LIMIT = 4096;

export type SendResult = {
  status: number | null;
  body: string | null;
  retryAfter: string | null;
  durationMs: number;
  error: string | null;
};

/**
 * POSTs one delivery. Never throws: network errors, timeouts and refused targets come back as
 * `error`. Only the first 4 KiB of the answer is kept for the log.
 */
export function postWebhook(target: string, headers: Record<string, string>, body: string): Promise<SendResult> {
  const started = performance.now();
  const url = new URL(target);
  const client = url.protocol === 'https:' ? https : http;
  const refused = refusedLiteralHost(url.hostname);
  if (refused) return Promise.resolve({ status: null, body: null, retryAfter: null, durationMs: 0, error: refused });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, durationMs: Math.round(performance.now() - started) });
    };
    const req = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Engage-Webhooks/1.0' },
      lookup: guardedLookup(url.hostname),
      timeout: DELIVERY_TIMEOUT_MS,
    }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - size));
        size += chunk.length;
      });
      res.on('end', () => finish({
        status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'),
        retryAfter: (res.headers['retry-after'] as string | undefined) ?? null, error: null,
      }));
      res.on('error', (error) => finish({ status: res.statusCode ?? null, body: null, retryAfter: null, error: error.message }));
    });
    req.on('timeout', () => {
      req.destroy(new Error(`Timed out after ${DELIVERY_TIMEOUT_MS / 1000} s`));
    });
    req.on('error', (error) => finish({ status: null, body: null, retryAfter: null, error: error.message }));
    req.end(body);
  });
}
