import { expect, test } from '@playwright/test';
import { OwnServer } from './own-server';
import { rawRequest } from './raw-http';

// The server calls the API's endpoints directly (scripts/route-handlers.mjs) instead of going
// through Next.js's router and each route's built handler. Here the same requests go to the same
// data three times: routed by Next.js (API_DISPATCH=next), through each route's handler
// (API_DISPATCH=handler) and to the endpoints themselves (the default), and must get the same
// answers: status, headers and body. The differences allowed are Next.js's `Vary: rsc, …` header,
// which concerns its page payloads and which its router adds to every app route (its absence also
// shows that Next.js's router did not serve the request), and the framing of a body: the direct
// call sends a whole body with its Content-Length where Next.js sends it chunked. A test route (/api/test/echo) answers
// with the URL and headers it was handed, so what a route sees of its request is compared too.

type Answer = { status: number; headers: Record<string, string>; body: string };
const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

// Sent with node:http (raw-http.ts): the path as written, and every header as the server sent it.
async function send(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const res = await rawRequest(base, path, { method, headers, body });
  const kept = Object.fromEntries(Object.entries(res.headers)
    .filter(([name]) => name !== 'date')
    // cookies are compared by name and attributes (their values are new tokens each time)
    .map(([name, value]) => [name, name === 'set-cookie'
      ? (value as string[]).map((cookie) => cookie.replace(/^([^=]+)=[^;]*/, '$1=…')).join(' | ')
      : String(value)]));
  // an encoded body is compared as bytes (Next.js's router compresses pages, not route handlers' answers)
  const text = res.headers['content-encoding'] ? res.body.toString('base64') : res.body.toString('utf8');
  // a CSRF token is new each time
  const answer = { status: res.status, headers: kept, body: text.replace(/"csrfToken":"[^"]*"/, '"csrfToken":"…"') };
  // the body's length as received, kept out of the comparison (bodies are edited before it)
  return Object.defineProperty(answer, 'bytes', { value: res.body.length, enumerable: false });
}

test('API requests answer the same called directly as through Next.js', async ({}, testInfo) => {
  test.setTimeout(180_000);
  const kind = testInfo.project.name === 'api-postgres' ? 'postgres' : 'pglite';
  const server = await OwnServer.create(kind, 3480 + testInfo.workerIndex, { WEB_CONCURRENCY: '1' });
  try {
    await server.start({ API_DISPATCH: 'next' });
    const account = JSON.parse((await send(server.baseURL, 'POST', '/api/test/account', { 'content-type': 'application/json' }, '{"country":"MX"}')).body);
    const token = { Authorization: `Token ${account.admin.key}` };
    const json = { ...token, 'content-type': 'application/json' };
    for (const phone of ['+525511110001', '+525511110002', '+525511110003']) {
      const created = await send(server.baseURL, 'POST', '/api/contact', json, JSON.stringify({ phone, first_name: 'Ana', tags: ['vip'], meta: { plan: 'gold' } }));
      expect(created.status).toBe(201);
    }
    const contactId = JSON.parse((await send(server.baseURL, 'GET', '/api/contact?page_size=1', token)).body).results[0].id;

    const requests: [string, string, Record<string, string>, string?][] = [
      ['GET', '/api/contact', {}],
      ['GET', '/api/contact/?page_size=1&page=2', token],
      ['GET', '/api/contact?page_size=1&search=ana', { ...token, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.com' }],
      ['GET', `/api/contact/${contactId}`, token],
      // a client that accepts gzip: Next.js sends a route handler's answer uncompressed
      ['GET', '/api/contact?page_size=3', { ...token, 'accept-encoding': 'gzip, deflate' }],
      ['GET', `/api/contact/${contactId}/`, token],
      ['GET', `/api/contact/${contactId.toUpperCase()}`, token],
      ['GET', '/api/contact/12345', token],
      ['GET', '/api/contact/%31', token],
      ['GET', '/api//contact', token],
      ['GET', '/api/no/such/route', token],
      ['DELETE', '/api/account-member', token],
      ['OPTIONS', '/api/contact', token],
      ['HEAD', '/api/contact', token],
      ['POST', '/api/contact', json, '{"phone":"not a phone","email":"nope"}'],
      ['POST', '/api/contact/', json, '{"phone": '],
      ['POST', '/api/contact', { ...token, 'content-type': 'text/plain' }, 'hello'],
      ['GET', '/api/account-member', json, '{"page_size":1}'],
      ['GET', '/api/schema', { 'accept-encoding': 'gzip' }],
      ['GET', '/api/health', {}],
      ['GET', '/api/auth/providers', {}],
      ['GET', '/api/auth/session', {}],
      ['GET', '/api/auth/csrf', {}],
      // What the route handler itself sees: its URL and headers (x-forwarded-* filled in or kept).
      ['GET', '/api/test/echo?q=1&q=2', {}],
      // The query as Next.js normalises it: re-serialised, its internal parameters removed.
      ['GET', '/api/test/echo?b=2&a=1&b=3&flag&s=a%20b&t=a~b&nxtPid=9', {}],
      ['GET', '/api/test/echo/', { host: 'api.example.com:8443', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' }],
      ['POST', '/api/test/echo', json, '{"a":1}'],
      ['POST', '/api/test/echo/', { 'content-type': 'text/plain' }, `${'long body '.repeat(30_000)}end`],
      ['GET', '/api/channels/cloud-api/webhook/999999?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1', {}],
    ];
    // The test route also says which object it was handed; that is checked per way, then set aside.
    const requestKinds: string[][] = [];
    const through = async () => {
      const answers: Answer[] = [];
      const kinds: string[] = [];
      for (const [method, path, headers, body] of requests) {
        const answer = await send(server.baseURL, method, path, headers, body);
        if (path.startsWith('/api/test/echo') && answer.status === 200) {
          const { request, ...echoed } = JSON.parse(answer.body);
          kinds.push(request);
          answer.body = JSON.stringify(echoed);
        }
        answers.push(answer);
      }
      requestKinds.push(kinds);
      return answers;
    };

    const routed = await through();
    await server.stop();
    await server.start({ API_DISPATCH: 'handler' });
    const handled = await through();
    await server.stop();
    await server.start();
    const direct = await through();

    for (const [way, answers] of [['handler', handled], ['direct', direct]] as const) {
      requests.forEach(([method, path], i) => {
        const label = `${way}: ${method} ${path}`;
        // Paths with escapes or empty segments are left to Next.js on every run (an empty segment
        // is its 308 to the normalised path, with no Vary).
        const pathname = path.split('?')[0];
        const leftToNext = pathname.includes('%') || pathname.includes('//');
        if (!leftToNext) expect(routed[i].headers.vary, label).toBe(NEXT_VARY);
        expect(answers[i].headers.vary, label).toBe(leftToNext ? routed[i].headers.vary : undefined);
        // Framing aside for the direct call, which sends an answer whose whole body is at hand
        // with its Content-Length in one write, where Next.js pipes it chunked (checked below).
        const framing = way === 'direct' ? ['content-length', 'transfer-encoding'] : [];
        const compared = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers)
          .filter(([name]) => name !== 'vary' && !framing.includes(name)));
        expect({ ...answers[i], headers: compared(answers[i].headers) }, label).toEqual({ ...routed[i], headers: compared(routed[i].headers) });
      });
    }
    // Direct answers name their length (or are chunked, when left to a route's handler or to
    // Next.js); most of them are the endpoints' own.
    const lengths = direct.filter((a) => a.headers['content-length'] !== undefined);
    for (const a of lengths) {
      expect(a.headers['transfer-encoding']).toBeUndefined();
      expect(Number(a.headers['content-length'])).toBe((a as Answer & { bytes: number }).bytes);
    }
    expect(lengths.length).toBeGreaterThan(requests.length / 2);
    // Next.js's router and a route's handler hand routes a NextRequest; the direct call a Request.
    expect(requestKinds.map((kinds) => [...new Set(kinds)])).toEqual([['NextRequest'], ['NextRequest'], ['Request']]);
    // The comparison covered what it meant to: answers of each kind.
    expect(new Set(direct.map((a) => a.status))).toEqual(new Set([200, 204, 308, 400, 401, 404, 405, 415]));
    const normalised = JSON.parse(direct[requests.findIndex(([, p]) => p.includes('nxtPid'))].body);
    expect(normalised.url).toMatch(/\/api\/test\/echo\?b=2&b=3&a=1&flag=&s=a\+b&t=a%7Eb$/);
    const echoed = JSON.parse(direct[requests.findIndex(([, p]) => p === '/api/test/echo/')].body);
    expect(echoed.url).toMatch(new RegExp(`^https://[^/]+:${new URL(server.baseURL).port}/api/test/echo/$`));
    expect(echoed.headers).toMatchObject({ 'x-forwarded-host': 'api.example.com:8443', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' });
    expect(direct[requests.findIndex(([, p]) => p === '/api/auth/csrf')].headers['set-cookie']).toContain('next-auth.csrf-token=…');
  } finally {
    await server.dispose();
  }
});

test('a mistyped API_DISPATCH stops the server at start-up, saying why', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const kind = testInfo.project.name === 'api-postgres' ? 'postgres' : 'pglite';
  const printed = await OwnServer.startRefused(kind, 3480 + testInfo.workerIndex, { API_DISPATCH: 'fast' });
  expect(printed).toContain('API_DISPATCH must be one of direct, handler, next, not "fast".');
});
