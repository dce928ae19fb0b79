import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The provider's HTTP client against a local server: what goes on the wire, what comes back, and
// every way a call can fail without throwing.

process.env.CLOUD_API_TIMEOUT_MS = '2000'; // short for the silent provider, long enough for 17 MB on a busy machine
const { cloudRequest } = await import('./http');
delete process.env.CLOUD_API_TIMEOUT_MS; // read once, as the module loaded

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
const seen: Seen[] = [];
let connections = 0;
let base: string;
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => { body += chunk; });
  req.on('end', () => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
    if (req.url === '/json') return res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"code":100,"message":"Bad"}}');
    if (req.url === '/text') return res.writeHead(502).end('<html>bad gateway</html>');
    if (req.url === '/redirect') return res.writeHead(301, { location: '/json' }).end();
    if (req.url === '/silent') return; // never answers
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 'x');
      for (let i = 0; i < 17; i++) res.write(chunk);
      return res.end();
    }
    if (req.url === '/cut') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
      return setTimeout(() => res.destroy(), 20);
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"messages":[{"id":"wamid.1"}]}');
  });
});
server.on('connection', () => { connections += 1; });

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('cloudRequest', () => {
  it('POSTs JSON with the bearer token and reads the JSON answer', async () => {
    seen.length = 0;
    const res = await cloudRequest(`${base}/v21.0/123/messages`, 'tok', { method: 'POST', body: { to: '+5255', text: { body: 'héllo' } } });
    expect(res).toEqual({ status: 200, json: { messages: [{ id: 'wamid.1' }] }, error: null });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v21.0/123/messages', body: '{"to":"+5255","text":{"body":"héllo"}}' });
    expect(seen[0].headers).toMatchObject({
      authorization: 'Bearer tok', 'content-type': 'application/json', 'user-agent': 'Engage-CloudApi/1.0',
      'content-length': String(Buffer.byteLength(seen[0].body)),
    });
  });

  it('GETs without a body, and keeps the connection for the next call', async () => {
    seen.length = 0;
    const before = connections;
    expect((await cloudRequest(`${base}/page?after=x`, 'tok')).status).toBe(200);
    expect((await cloudRequest(`${base}/page?after=y`, 'tok')).status).toBe(200);
    expect(seen.map((s) => [s.method, s.url, s.headers['content-type'], s.body])).toEqual([['GET', '/page?after=x', undefined, ''], ['GET', '/page?after=y', undefined, '']]);
    expect(connections - before).toBeLessThanOrEqual(1);
  });

  it('returns an error answer with its status and JSON, and a non-JSON one with json null', async () => {
    expect(await cloudRequest(`${base}/json`, 'tok')).toEqual({ status: 400, json: { error: { code: 100, message: 'Bad' } }, error: null });
    expect(await cloudRequest(`${base}/text`, 'tok')).toEqual({ status: 502, json: null, error: null });
  });

  it('does not follow a redirect', async () => {
    seen.length = 0;
    const res = await cloudRequest(`${base}/redirect`, 'tok');
    expect(res).toMatchObject({ status: null, json: null });
    expect(res.error).toMatch(/Redirected \(HTTP 301 to \/json\)/);
    expect(seen.map((s) => s.url)).toEqual(['/redirect']);
  });

  it('gives up on a provider that does not answer in time, or answers too much, or hangs up mid-answer', async () => {
    const silent = await cloudRequest(`${base}/silent`, 'tok');
    expect(silent).toMatchObject({ status: null, json: null });
    expect(silent.error).toMatch(/did not answer within 2 seconds/);
    expect(silent.mayHaveArrived, 'the request went out whole: the provider may have acted on it').toBe(true);
    const huge = await cloudRequest(`${base}/huge`, 'tok');
    expect(huge).toMatchObject({ status: null, error: 'The answer exceeded 16 MB' });
    const cut = await cloudRequest(`${base}/cut`, 'tok');
    expect(cut.status).toBeNull();
    expect(cut.error).toBeTruthy();
    expect(cut.mayHaveArrived).toBe(true);
  });

  it('reports a token Node cannot send as a header as a failed call, and leaves no timer behind', async () => {
    seen.length = 0;
    for (const token of ['line\nbreak', 'EAAG\u20ac']) {
      const res = await cloudRequest(`${base}/x`, token, { method: 'POST', body: {} });
      expect(res, token).toMatchObject({ status: null, json: null });
      expect(res.error, token).toMatch(/Invalid character in header content/);
    }
    // Past the 400 ms limit: the timer of a request never made must not fire (it would throw).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(seen).toEqual([]);
  });

  it('reports an unreachable provider or an unusable URL without throwing', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await cloudRequest(`http://127.0.0.1:${port}/x`, 'tok');
    expect(refused).toMatchObject({ status: null, json: null });
    expect(refused.error).toBe(`Could not reach the provider: the connection was refused (127.0.0.1:${port}).`);
    expect(refused.mayHaveArrived, 'nothing went out').toBeUndefined();
    expect((await cloudRequest('not a url', 'tok')).error).toMatch(/Invalid URL/);
    expect((await cloudRequest('ftp://example.com/x', 'tok')).error).toBe('unsupported protocol ftp:');
  });

  it('refuses a base URL on a non-public address at connect time, unless listed', async () => {
    for (const url of ['http://10.0.0.1/x', 'http://[::ffff:a9fe:a9fe]/x', 'http://[2002:a00:1::]/x', 'http://192.0.2.10/x']) {
      const res = await cloudRequest(url, 'tok');
      expect(res, url).toMatchObject({ status: null, json: null });
      expect(res.error, url).toMatch(/private or reserved address.*CHANNEL_ALLOW_PRIVATE_BASE_URLS/);
    }
    // A host name is judged by what it resolves to, at the moment of connecting.
    const listed = process.env.CHANNEL_ALLOW_PRIVATE_BASE_URLS;
    process.env.CHANNEL_ALLOW_PRIVATE_BASE_URLS = '';
    try {
      expect((await cloudRequest(`${base.replace('127.0.0.1', 'localhost')}/json`, 'tok')).error).toMatch(/private or reserved address/);
    } finally {
      process.env.CHANNEL_ALLOW_PRIVATE_BASE_URLS = listed;
    }
    expect((await cloudRequest(`${base.replace('127.0.0.1', 'localhost')}/json`, 'tok')).status).toBe(400);
  });
});
