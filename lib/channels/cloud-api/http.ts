import http from 'node:http';
import https from 'node:https';
import { CHANNEL_BASE_URLS, outboundRequestGuard } from '@/lib/net/outbound-guard';
import { describeNetworkError, UNREACHABLE } from './network-error';

// The few HTTP calls the Cloud API provider makes. Never throws: network failures, timeouts and a
// base URL on a non-public address (lib/net/outbound-guard.ts) come back as status null with the
// error text.
//
// Made with node:http rather than fetch: a provider call is on every message's path, and fetch
// costs several times the CPU of node:http with a keep-alive agent for the same call.

export const CLOUD_API_TIMEOUT_MS = Number(process.env.CLOUD_API_TIMEOUT_MS || 15_000);
/** A larger answer is refused (template pages are the largest the provider sends: a few hundred KB). */
const RESPONSE_BODY_LIMIT = 16 * 1024 * 1024;

export type CloudResponse = {
  status: number | null;
  json: Record<string, unknown> | null;
  error: string | null;
  /** The request was held and then called off (see `hold`): the provider never received it whole. */
  calledOff?: boolean;
  /**
   * No answer came (status null), or a success's body was lost, after the request had gone out
   * whole: the provider may have acted on it. Not set for a reused idle connection the server had
   * closed (reset before any answer), which Node documents as safe to send again, nor for a
   * redirect or an error status.
   */
  mayHaveArrived?: boolean;
};

export type CloudRequestInit = {
  method: 'GET' | 'POST' | 'DELETE';
  body?: object;
  /**
   * For a send that must happen at most once: the request is written but for its last byte, then
   * `hold` is awaited; on true the last byte goes out, on false the connection is closed. A
   * server processes no request it has not received whole, so a process that dies while holding
   * never sent it.
   */
  hold?: () => Promise<boolean>;
};

// Connections to the provider are kept open between calls, as fetch's were, and closed after 4 s
// idle (fetch's default; the server's own Keep-Alive timeout applies when shorter), so that a call
// after a quiet spell does not go out on a socket the server is closing.
const KEEP_ALIVE = { keepAlive: true, timeout: 4_000 };
const agents = { 'http:': new http.Agent(KEEP_ALIVE), 'https:': new https.Agent(KEEP_ALIVE) };

export function cloudRequest(url: string, token: string, init: CloudRequestInit = { method: 'GET' }): Promise<CloudResponse> {
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`unsupported protocol ${target.protocol}`);
  } catch (error) {
    return Promise.resolve({ status: null, json: null, error: (error as Error).message });
  }
  const guard = outboundRequestGuard(target, CHANNEL_BASE_URLS);
  if ('refused' in guard) return Promise.resolve({ status: null, json: null, error: guard.refused });
  const body = init.body ? Buffer.from(JSON.stringify(init.body), 'utf8') : null;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: CloudResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    let wentOutWhole = false;
    let answerStatus: number | null = null;
    const fail = (message: string, error?: NodeJS.ErrnoException) => {
      const staleSocket = Boolean(req?.reusedSocket) && error?.code === 'ECONNRESET' && answerStatus === null;
      // No answer at all, or a success whose body was lost: the provider may have sent it. A
      // redirect or an error status says it did not.
      const unknown = answerStatus === null || (answerStatus >= 200 && answerStatus < 300);
      finish({ status: null, json: null, error: message, ...(wentOutWhole && !staleSocket && unknown ? { mayHaveArrived: true } : {}) });
    };
    const client = target.protocol === 'https:' ? https : http;
    let req: http.ClientRequest | undefined;
    // The limit covers the whole exchange: a provider trickling bytes cannot hold a worker.
    const deadline = setTimeout(() => {
      fail(`${UNREACHABLE}: it did not answer within ${CLOUD_API_TIMEOUT_MS / 1000} seconds (${target.host}).`);
      req?.destroy();
    }, CLOUD_API_TIMEOUT_MS);
    try {
      req = client.request(target, {
        method: init.method,
        agent: agents[target.protocol as 'http:' | 'https:'],
        lookup: guard.lookup,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== null ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
          'user-agent': 'Engage-CloudApi/1.0',
          accept: 'application/json',
        },
      }, (res) => {
        const status = res.statusCode ?? null;
        answerStatus = status;
        // Redirects are not followed (an API answering one is misconfigured), as with fetch's redirect: 'error'.
        if (status !== null && status >= 300 && status < 400) {
          res.resume();
          return fail(`Redirected (HTTP ${status}${res.headers.location ? ` to ${res.headers.location}` : ''}); redirects are not followed`);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > RESPONSE_BODY_LIMIT) {
            fail(`The answer exceeded ${RESPONSE_BODY_LIMIT / 1024 / 1024} MB`);
            res.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          let json: Record<string, unknown> | null = null;
          try {
            const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            json = parsed && typeof parsed === 'object' ? parsed : null;
          } catch { /* not JSON */ }
          finish({ status, json, error: null });
        });
        res.on('error', (error) => fail(error.message));
        res.on('close', () => { if (!res.complete) fail('The connection closed before the answer ended'); });
      });
      req.on('error', (error) => fail(describeNetworkError(error, target), error));
      req.on('finish', () => { wentOutWhole = true; });
      if (init.hold && body !== null && body.length > 1) {
        const held = req;
        held.write(body.subarray(0, body.length - 1));
        init.hold().then((go) => {
          if (go) return void held.end(body.subarray(body.length - 1));
          held.destroy();
          finish({ status: null, json: null, error: 'The send was called off before it went out.', calledOff: true });
        }, (error: Error) => {
          held.destroy();
          finish({ status: null, json: null, error: error.message, calledOff: true });
        });
      } else {
        req.end(body ?? undefined);
      }
    } catch (error) {
      // A request Node refuses to make (a header value it cannot send, such as a token pasted with
      // a character outside Latin-1): a failed call like any other.
      fail((error as Error).message);
      req?.destroy();
    }
  });
}

/**
 * Why a success cannot be read: the Cloud API answers every call with a JSON object, so another
 * body says the base URL is likely something else (a web page, a proxy); null when it is one.
 */
export function unreadableSuccess(res: CloudResponse): string | null {
  if (res.status === null || res.status < 200 || res.status >= 300 || res.json) return null;
  return `The provider answered ${res.status} with a body that is not a JSON object: is the base URL the Cloud API's?`;
}

/** The Cloud API error object of a failed answer: `{error: {code, message, error_data: {details}}}`. */
export function cloudError(res: CloudResponse): { code: string; message: string } {
  const error = (res.json?.error ?? null) as { code?: unknown; message?: unknown; error_data?: { details?: unknown } } | null;
  if (!error) {
    const message = res.error ?? unreadableSuccess(res) ?? `HTTP ${res.status}`;
    return { code: res.status === null ? 'network' : String(res.status), message };
  }
  const details = typeof error.error_data?.details === 'string' ? `: ${error.error_data.details}` : '';
  return { code: String(error.code ?? res.status), message: `${String(error.message ?? 'Error')}${details}` };
}

// Throttling answers: the HTTP 429 itself, and the Cloud API's rate-limit codes (130429 throughput
// reached, 131056 pair rate limit, 4 / 80007 application and account rate limits).
const THROTTLE_CODES = new Set(['130429', '131056', '4', '80007']);

/** Whether the provider asked us to slow down. */
export function isThrottled(res: CloudResponse, code: string): boolean {
  return res.status === 429 || THROTTLE_CODES.has(code);
}

/** Whether trying again later may succeed: throttling, server errors and network failures. */
export function isRetryable(res: CloudResponse, code: string): boolean {
  if (res.status === null || res.status >= 500) return true;
  return isThrottled(res, code);
}
