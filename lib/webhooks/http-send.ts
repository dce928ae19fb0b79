import http from 'node:http';
import https from 'node:https';
import { targetLookup, targetRefusedLiteralHost } from './target-guard';

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
 * `error`. The 10 s limit covers the whole exchange (a receiver trickling bytes cannot hold a
 * worker), and reading stops after the first 4 KiB of the answer, which is all the log keeps.
 */
export function postWebhook(target: string, headers: Record<string, string>, body: string): Promise<SendResult> {
  const started = performance.now();
  const url = new URL(target);
  const client = url.protocol === 'https:' ? https : http;
  const refused = targetRefusedLiteralHost(url.hostname);
  if (refused) return Promise.resolve({ status: null, body: null, retryAfter: null, durationMs: 0, error: refused });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...result, durationMs: Math.round(performance.now() - started) });
    };
    const deadline = setTimeout(() => {
      finish({ status: null, body: null, retryAfter: null, error: `Timed out after ${DELIVERY_TIMEOUT_MS / 1000} s` });
      req.destroy();
    }, DELIVERY_TIMEOUT_MS);
    const req = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Engage-Webhooks/1.0' },
      lookup: targetLookup(url.hostname),
    }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish({
        status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'),
        retryAfter: (res.headers['retry-after'] as string | undefined) ?? null, error: null,
      });
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - size));
        size += chunk.length;
        if (size >= RESPONSE_BODY_LIMIT) {
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('error', (error) => finish({ status: res.statusCode ?? null, body: null, retryAfter: null, error: error.message }));
    });
    req.on('error', (error) => finish({ status: null, body: null, retryAfter: null, error: error.message }));
    req.end(body);
  });
}
