import http from 'node:http';
import https from 'node:https';
import { outboundRequestGuard, WEBHOOK_TARGETS } from '@/lib/net/outbound-guard';
import type { StepInput } from '../validation';
import type { Escape } from '../variables';

// An ACTION step's HTTP request, guarded as webhook deliveries are, by the same setting (an
// account's URL either way: no special-purpose address unless WEBHOOK_ALLOW_PRIVATE_TARGETS
// allows it; the checked address is the one used),
// bounded in time and in the size of the answer kept.

export const ACTION_TIMEOUT_MS = Number(process.env.FLOW_ACTION_TIMEOUT_MS || 10_000);
const ANSWER_LIMIT = 64 * 1024;

export type ActionRequest = { method: string; url: string; headers: Record<string, string>; body: string };
export type ActionResult = { status: number | null; body: string; error: string | null; durationMs: number };

// A value in a URL's query is encoded (a phone's "+" would read as a space, an "&" would start
// another parameter); one before the "?" (a host, a path, a whole address) is left as it is. A value
// inside a JSON string is escaped, so that an answer with a quote keeps the body JSON; one outside
// a string (`"cart": {{step.cart}}`, an earlier answer's JSON) is written as it is.
const inUrl = (template: string): Escape => {
  const query = template.indexOf('?');
  return (value, at) => (query !== -1 && at > query ? encodeURIComponent(value) : value);
};
const inJson = (template: string): Escape => (value, at) => (insideString(template, at) ? JSON.stringify(value).slice(1, -1) : value);

/** Whether `at` falls inside a JSON string literal of the template (its quotes counted, escaped ones not). */
function insideString(template: string, at: number): boolean {
  let inside = false;
  for (let i = 0; i < at; i++) {
    const ch = template[i];
    if (inside && ch === '\\') i += 1;
    else if (ch === '"') inside = !inside;
  }
  return inside;
}

/** Whether the body goes as JSON: its Content-Type says so, or none is given and it reads as an object or list. */
function jsonBody(headers: Record<string, string>, body: string): boolean {
  const type = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  return type !== undefined ? /\bjson\b/i.test(type) : /^\s*[[{]/.test(body);
}

/** The request an ACTION step makes, its texts rendered by `render` (variables filled in, written by `escape`). */
export function actionRequest(step: Pick<StepInput, 'action_request_method' | 'action_request_url' | 'action_request_headers' | 'action_request_params' | 'action_request_body'>,
  render: (text: string, escape?: Escape) => string): ActionRequest {
  const params = new URLSearchParams(Object.entries(step.action_request_params).map(([k, v]) => [k, render(v)]));
  let url = render(step.action_request_url, inUrl(step.action_request_url));
  if ([...params.keys()].length) url += (url.includes('?') ? '&' : '?') + params.toString();
  const headers = Object.fromEntries(Object.entries(step.action_request_headers).map(([k, v]) => [k, render(v)]));
  const body = step.action_request_body;
  return { method: step.action_request_method, url, headers, body: render(body, jsonBody(headers, body) ? inJson(body) : undefined) };
}

// Postgres text and jsonb cannot hold U+0000: an answer (binary, or JSON with \u0000) is kept without it.
const withoutNul = (text: string) => text.replace(/\u0000/g, '');

/** An answer's text as JSON when it parses, else as it is; without U+0000 either way. */
export function readAnswer(body: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body, (_key, value: unknown) => (typeof value === 'string' ? withoutNul(value) : value));
    // A key holding U+0000 is beyond repair: the answer is kept as text.
    return JSON.stringify(parsed).includes('\\u0000') ? withoutNul(body) : parsed;
  } catch {
    return withoutNul(body);
  }
}

export function callAction(req: ActionRequest): Promise<ActionResult> {
  const started = performance.now();
  let url: URL;
  try {
    url = new URL(req.url);
    if (!['http:', 'https:'].includes(url.protocol)) throw new Error('not http');
  } catch {
    return Promise.resolve({ status: null, body: '', error: `Not an http(s) URL: "${req.url}".`, durationMs: 0 });
  }
  const guard = outboundRequestGuard(url, WEBHOOK_TARGETS);
  if ('refused' in guard) return Promise.resolve({ status: null, body: '', error: guard.refused, durationMs: 0 });
  const client = url.protocol === 'https:' ? https : http;
  const hasBody = !['GET', 'DELETE'].includes(req.method) && req.body !== '';
  return new Promise((resolve) => {
    let settled = false;
    let deadline: NodeJS.Timeout | undefined;
    const finish = (r: Omit<ActionResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...r, durationMs: Math.round(performance.now() - started) });
    };
    const headers: Record<string, string | number> = { 'user-agent': 'Engage-Flows/1.0', ...req.headers };
    if (hasBody) {
      headers['content-length'] = Buffer.byteLength(req.body);
      if (!Object.keys(req.headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    }
    let request: http.ClientRequest;
    try {
      request = client.request(url, { method: req.method, headers, lookup: guard.lookup }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk.subarray(0, ANSWER_LIMIT - size));
          size += chunk.length;
          if (size <= ANSWER_LIMIT) return;
          // Past the limit the answer cannot be read as what it is: what came is kept, the rest not fetched.
          finish({ status: res.statusCode ?? null, body: withoutNul(Buffer.concat(chunks).toString('utf8')), error: `The answer is over ${ANSWER_LIMIT / 1024} KiB: only its start was kept.` });
          res.destroy();
        });
        res.on('end', () => finish({ status: res.statusCode ?? null, body: withoutNul(Buffer.concat(chunks).toString('utf8')), error: null }));
        res.on('error', (e) => finish({ status: res.statusCode ?? null, body: '', error: e.message }));
      });
    } catch (error) {
      // A header Node will not send (a value with a line break, filled in from a variable): no request.
      finish({ status: null, body: '', error: `The request could not be sent: ${(error as Error).message}` });
      return;
    }
    deadline = setTimeout(() => {
      finish({ status: null, body: '', error: `Timed out after ${ACTION_TIMEOUT_MS / 1000} s` });
      request.destroy();
    }, ACTION_TIMEOUT_MS);
    request.on('error', (e) => finish({ status: null, body: '', error: e.message }));
    request.end(hasBody ? req.body : undefined);
  });
}
