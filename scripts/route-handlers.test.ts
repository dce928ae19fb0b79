import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error a plain .mjs module of the server, without type declarations
import { directRouteHandlers } from './route-handlers.mjs';

// The direct dispatch of API requests (route-handlers.mjs) against a made-up build: which route
// file a path reaches and with what params, and which requests it leaves to Next.js. The real
// build is exercised by every API test (e2e/api), which go through it, and by
// e2e/api/dispatch.spec.ts, which compares it with Next.js's own routing.

type Served = { page: string; params: unknown; initURL: string; distDir: string } | { next: true };

const ROUTES: Record<string, string> = {
  '/api/contact': 'app/api/contact/route.js',
  '/api/contact/[id]': 'app/api/contact/[id]/route.js',
  '/api/contact/upload/[id]': 'app/api/contact/upload/[id]/route.js',
  '/api/contact/upload': 'app/api/contact/upload/route.js',
  '/api/auth/[...nextauth]': 'app/api/auth/[...nextauth]/route.js',
  '/api/[...path]': 'app/api/[...path]/route.js',
  '/api/async': 'app/api/async/route.js',
  '/api/broken': 'app/api/broken/route.js',
  '/api/throws': 'app/api/throws/route.js',
  '/api/(v1)/grouped': 'app/api/(v1)/grouped/route.js',
  '/api/endpoint': 'app/api/endpoint/route.js',
  '/api/endpoint/[id]': 'app/api/endpoint/[id]/route.js',
  '/api/slow-endpoint': 'app/api/slow-endpoint/route.js',
  '/api/whole': 'app/api/whole/route.js',
};

const handlerSource = (page: string) => `exports.handler = async (req, res) => {
  const meta = req[Symbol.for('NextInternalRequestMeta')] || {};
  res.setHeader('content-type', 'application/json');
  res.setHeader('x-served-by', 'handler');
  res.end(JSON.stringify({ page: ${JSON.stringify(page)}, params: meta.params ?? null, initURL: meta.initURL, distDir: meta.distDir }));
};\n`;

// A route file as Next.js builds one from a route.ts whose methods lib/api/handler.ts's methods()
// made: its `handler` export, and its methods (marked, except PUT) under routeModule.userland.
const endpointRouteSource = (page: string) => `${handlerSource(page)}
const mark = (fn) => Object.defineProperty(fn, Symbol.for('engage.api-endpoint'), { value: true });
const seen = async (req, context) => ({
  via: 'endpoint', method: req.method, url: req.url, params: await context.params,
  headers: Object.fromEntries(req.headers), aborted: req.signal.aborted,
});
exports.routeModule = { userland: {
  GET: mark(async (req, context) => Response.json(await seen(req, context))),
  POST: mark(async (req, context) => {
    const body = await req.text();
    return new Response(JSON.stringify({ ...(await seen(req, context)), bodyLength: body.length, bodyStart: body.slice(0, 20) }), {
      status: 201, statusText: 'Made',
      headers: [['content-type', 'application/json'], ['set-cookie', 'a=1; Path=/'], ['set-cookie', 'b=2; Path=/; HttpOnly'], ['x-custom', 'yes']],
    });
  }),
  PUT: async () => Response.json({ via: 'unmarked' }),
  PATCH: mark(async (req) => {
    globalThis.__endpointAborted = false;
    await new Promise((resolve) => req.signal.addEventListener('abort', resolve));
    globalThis.__endpointAborted = true;
    return new Response(null, { status: 204 });
  }),
  DELETE: mark(async () => { throw new Error('an endpoint that fails'); }),
} };
`;

// An async route module that takes 300 ms to load (a first request waits for it), whose POST
// records what it was handed.
const slowEndpointSource = (page: string) => `${handlerSource(page)}
const mark = (fn) => Object.defineProperty(fn, Symbol.for('engage.api-endpoint'), { value: true });
const POST = mark(async (req) => {
  globalThis.__slowEndpoint = { aborted: req.signal.aborted, body: req.body };
  return new Response(null, { status: 204 });
});
module.exports = new Promise((resolve) => setTimeout(() => resolve({ handler: exports.handler, routeModule: { userland: { POST } } }), 300));
`;

// Marked methods answering as lib/api/response-body.ts's responses do (the whole body under a
// registered symbol), and one (PATCH) with an ordinary streamed Response.
const wholeBodySource = (page: string) => `${handlerSource(page)}
const mark = (fn) => Object.defineProperty(fn, Symbol.for('engage.api-endpoint'), { value: true });
const whole = (body, init) => Object.defineProperty(new Response(body, init), Symbol.for('engage.response-body'), { value: body });
exports.routeModule = { userland: {
  GET: mark(async () => whole(JSON.stringify({ word: 'café' }), {
    status: 201, statusText: 'Made',
    headers: [['content-type', 'application/json'], ['set-cookie', 'a=1; Path=/'], ['set-cookie', 'b=2; Path=/; HttpOnly'],
      ['vary', 'Origin'], ['content-length', '999'], ['transfer-encoding', 'chunked']],
  })),
  POST: mark(async () => whole(new TextEncoder().encode('é'.repeat(4000)), { headers: { 'content-type': 'text/plain; charset=utf-8' } })),
  PUT: mark(async () => new Response(null, { status: 204, headers: { 'x-empty': 'yes' } })),
  PATCH: mark(async () => Response.json({ streamed: true })),
} };
`;

type BuildOptions = { middleware?: boolean; nodeMiddleware?: boolean; trustHostHeader?: boolean; publicApi?: boolean; rewrites?: object[] };

function writeBuild(dir: string, options: BuildOptions = {}) {
  const { middleware = false, nodeMiddleware = false, trustHostHeader = false, publicApi = false } = options;
  const rewrites = options.rewrites ?? [{ source: '/api/:path+/', destination: '/api/:path+' }];
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const appPaths: Record<string, string> = { '/page/page': 'app/page/page.js' };
  for (const [page, file] of Object.entries(ROUTES)) {
    appPaths[`${page}/route`] = file;
    if (page === '/api/async') write(`server/${file}`, `module.exports = Promise.resolve({ handler: (${handlerSource(page).slice('exports.handler = '.length, -2)}) });\n`);
    else if (page === '/api/broken') write(`server/${file}`, 'exports.notAHandler = 1;\n');
    else if (page === '/api/throws') write(`server/${file}`, "throw new Error('cannot load');\n");
    else if (page.startsWith('/api/endpoint')) write(`server/${file}`, endpointRouteSource(page));
    else if (page === '/api/slow-endpoint') write(`server/${file}`, slowEndpointSource(page));
    else if (page === '/api/whole') write(`server/${file}`, wholeBodySource(page));
    else write(`server/${file}`, handlerSource(page));
  }
  write('server/app-paths-manifest.json', JSON.stringify(appPaths));
  write('routes-manifest.json', JSON.stringify({ basePath: '', redirects: [], headers: [], rewrites: { beforeFiles: rewrites, afterFiles: [], fallback: [] } }));
  write('server/middleware-manifest.json', JSON.stringify({ middleware: middleware ? { '/': {} } : {}, functions: {} }));
  write('server/functions-config-manifest.json', JSON.stringify({ version: 1, functions: nodeMiddleware ? { '/_middleware': { runtime: 'nodejs' } } : {} }));
  write('required-server-files.json', JSON.stringify({ config: { compress: true, experimental: { trustHostHeader } } }));
  // The app's public/ beside its build (as .next's is).
  if (publicApi) write('../public/api/file.txt', 'x');
}

describe('direct dispatch of API routes', () => {
  let root: string;
  let dir: string;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'route-handlers-'));
    dir = path.join(root, '.next');
    writeBuild(dir);
    fs.mkdirSync(path.join(dir, 'server/app/api/headers'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'server/app/api/headers/route.js'), `exports.handler = async (req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(req.headers));
};\n`);
    const manifest = path.join(dir, 'server/app-paths-manifest.json');
    fs.writeFileSync(manifest, JSON.stringify({ ...JSON.parse(fs.readFileSync(manifest, 'utf8')), '/api/headers/route': 'app/api/headers/route.js' }));
    const next = (_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ next: true }));
    };
    const serve = directRouteHandlers({ distDir: dir, projectDir: root, hostname: undefined, port: 4321, fallback: next });
    expect(serve).toBeTypeOf('function');
    server = http.createServer((req, res) => {
      if (!serve(req, res)) next(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = async (p: string, init?: RequestInit) => {
    const res = await fetch(`${base}${p}`, init);
    return { status: res.status, body: (await res.json()) as Served };
  };

  it('reaches a static route, with or without its trailing slash, and passes no params', async () => {
    for (const p of ['/api/contact', '/api/contact/', '/api/contact?page=2']) {
      expect((await get(p)).body).toEqual({ page: '/api/contact', params: null, initURL: `http://localhost:4321${p}`, distDir: dir });
    }
  });

  it('prefers a static route to a dynamic one, as Next.js does', async () => {
    expect((await get('/api/contact/upload')).body).toMatchObject({ page: '/api/contact/upload', params: null });
    expect((await get('/api/contact/upload/7/')).body).toMatchObject({ page: '/api/contact/upload/[id]', params: { id: '7' } });
    expect((await get('/api/contact/abc-1')).body).toMatchObject({ page: '/api/contact/[id]', params: { id: 'abc-1' } });
  });

  it('gives catch-alls their segments, and leaves the API-wide catch-all last', async () => {
    expect((await get('/api/auth/callback/credentials')).body).toMatchObject({ page: '/api/auth/[...nextauth]', params: { nextauth: ['callback', 'credentials'] } });
    expect((await get('/api/contact/abc/notes/x')).body).toMatchObject({ page: '/api/[...path]', params: { path: ['contact', 'abc', 'notes', 'x'] } });
    expect((await get('/api/nothing.here')).body).toMatchObject({ page: '/api/[...path]', params: { path: ['nothing.here'] } });
  });

  it('loads a route built as an async module', async () => {
    expect((await get('/api/async')).body).toMatchObject({ page: '/api/async' });
  });

  it('hands a route file it cannot call (no handler export, or it throws as it loads) to Next.js, every time', async () => {
    for (const p of ['/api/broken', '/api/broken/', '/api/throws', '/api/throws']) expect((await get(p)).body, p).toEqual({ next: true });
  });

  it('reaches a route in a route group by its path without the group', async () => {
    // (the made-up route file names itself by its folder)
    expect((await get('/api/grouped')).body).toMatchObject({ page: '/api/(v1)/grouped', params: null });
    expect((await get('/api/(v1)/grouped')).body).toEqual({ next: true });
  });

  it('fills in the x-forwarded-* headers as Next.js does, keeping those given', async () => {
    const seen = async (headers: Record<string, string>) => {
      const res = await fetch(`${base}/api/headers`, { headers });
      return (await res.json()) as Record<string, string>;
    };
    const filled = await seen({});
    expect(filled).toMatchObject({ 'x-forwarded-host': new URL(base).host, 'x-forwarded-port': '4321', 'x-forwarded-proto': 'http', 'x-forwarded-for': '127.0.0.1' });
    expect(await seen({ 'x-forwarded-host': 'api.example.com', 'x-forwarded-proto': 'https' })).toMatchObject({ 'x-forwarded-host': 'api.example.com', 'x-forwarded-proto': 'https' });
  });

  it("leaves requests with the headers of Next.js's client router to it", async () => {
    for (const header of ['rsc', 'next-router-state-tree', 'next-url', 'x-middleware-prefetch', 'next-action']) {
      expect((await get('/api/contact', { headers: { [header]: '1' } })).body, header).toEqual({ next: true });
    }
  });

  it('takes the forwarded protocol into initURL, as Next.js does', async () => {
    expect((await get('/api/contact', { headers: { 'x-forwarded-proto': 'https' } })).body).toMatchObject({ initURL: 'https://localhost:4321/api/contact' });
  });

  it("calls a marked method itself, with the Request and params Next.js's route module would give it", async () => {
    const res = await fetch(`${base}/api/endpoint/7/?x=1&x=2`, { headers: { 'x-forwarded-proto': 'https', 'x-trace': 'abc' } });
    expect(res.headers.get('x-served-by')).toBeNull();
    expect(await res.json()).toMatchObject({
      via: 'endpoint', method: 'GET', url: 'https://localhost:4321/api/endpoint/7/?x=1&x=2', params: { id: '7' }, aborted: false,
      headers: { 'x-trace': 'abc', 'x-forwarded-proto': 'https', 'x-forwarded-port': '4321', 'x-forwarded-for': '127.0.0.1' },
    });
    // A static route's method gets empty params, which the API's wrapper reads as none.
    expect(await (await fetch(`${base}/api/endpoint`)).json()).toMatchObject({ via: 'endpoint', params: {} });
  });

  it("streams a marked method's request body to it and sends its Response whole: status, status text, repeated headers", async () => {
    const body = 'x'.repeat(3 * 1024 * 1024);
    const res = await fetch(`${base}/api/endpoint/8`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(201);
    expect(res.statusText).toBe('Made');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
    expect(res.headers.get('x-custom')).toBe('yes');
    expect(await res.json()).toMatchObject({ via: 'endpoint', method: 'POST', bodyLength: body.length, bodyStart: 'x'.repeat(20) });
  });

  it('sends a Response carrying its whole body in one write, with its Content-Length, as sendResponse would otherwise', async () => {
    const res = await fetch(`${base}/api/whole`);
    expect(res.status).toBe(201);
    expect(res.statusText).toBe('Made');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
    expect(res.headers.get('vary')).toBe('Origin');
    // The framing headers a Response names are not copied: the length is the body's own.
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength('{"word":"café"}')));
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(await res.json()).toEqual({ word: 'café' });

    const bytes = await fetch(`${base}/api/whole`, { method: 'POST', headers: { 'accept-encoding': 'identity' } });
    expect(bytes.headers.get('content-length')).toBe(String(4000 * 2));
    expect(await bytes.text()).toBe('é'.repeat(4000));

    const empty = await fetch(`${base}/api/whole`, { method: 'PUT' });
    expect(empty.status).toBe(204);
    expect(empty.headers.get('x-empty')).toBe('yes');
    expect(await empty.text()).toBe('');

    // Any other body is piped as Next.js pipes it (chunked).
    const streamed = await fetch(`${base}/api/whole`, { method: 'PATCH' });
    expect(streamed.headers.get('transfer-encoding')).toBe('chunked');
    expect(await streamed.json()).toEqual({ streamed: true });
  });

  it("leaves a marked method's answer uncompressed, as Next.js sends a route handler's, and a handler's to the middleware", async () => {
    const ask = (method: string, p: string, headers: Record<string, string> = {}) => new Promise<http.IncomingMessage>((resolve, reject) => {
      http.request(`${base}${p}`, { method, headers: { 'accept-encoding': 'gzip', ...headers } }, resolve).on('error', reject).end();
    });
    for (const method of ['POST', 'PATCH']) {
      const res = await ask(method, '/api/whole');
      expect(res.headers['content-encoding'], method).toBeUndefined();
      expect(res.headers.vary, method).toBeUndefined();
      res.resume();
    }
    // A route's handler (here one answering its 3 KB of headers as JSON) still gets Next.js's compression.
    const handled = await ask('GET', '/api/headers', { 'x-pad': 'x'.repeat(3000) });
    expect(handled.headers['content-encoding']).toBe('gzip');
    const chunks: Buffer[] = [];
    for await (const chunk of handled) chunks.push(chunk as Buffer);
    expect(JSON.parse(zlib.gunzipSync(Buffer.concat(chunks)).toString('utf8'))).toMatchObject({ 'accept-encoding': 'gzip' });
  });

  it('writes a whole-body answer to the socket once, where a piped one takes several writes', async () => {
    // Counted where the socket hands data to the system (one call per write or writev).
    const writesFor = async (method: string) => {
      let writes = 0;
      const count = (socket: import('node:net').Socket) => {
        const generic = (socket as unknown as { _writeGeneric: (...args: unknown[]) => unknown })._writeGeneric;
        (socket as unknown as { _writeGeneric: (...args: unknown[]) => unknown })._writeGeneric = function (this: unknown, ...args: unknown[]) {
          writes += 1;
          return generic.apply(this, args);
        };
      };
      server.once('connection', count);
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http.request(`${base}/api/whole`, { method, agent: false, headers: { 'accept-encoding': 'identity' } }, resolve).on('error', reject).end();
      });
      for await (const chunk of res) void chunk;
      return writes;
    };
    expect(await writesFor('GET')).toBe(1);
    expect(await writesFor('POST')).toBe(1);
    expect(await writesFor('PATCH')).toBeGreaterThan(1);
  });

  it('hands a marked method the query as Next.js normalises it, without its internal parameters', async () => {
    const body = await (await fetch(`${base}/api/endpoint/7?b=2&a=1&b=3&flag&s=a%20b&t=a~b&nxtPid=9&nxtIx=1`)).json();
    expect(body.url).toBe('http://localhost:4321/api/endpoint/7?b=2&b=3&a=1&flag=&s=a+b&t=a%7Eb');
  });

  it('calls a marked method whose client left while its route file loaded with an aborted signal and no body', async () => {
    const g = globalThis as { __slowEndpoint?: { aborted: boolean; body: unknown } };
    delete g.__slowEndpoint;
    const errors = vi.spyOn(console, 'error');
    try {
      const req = http.request({ host: '127.0.0.1', port: new URL(base).port, path: '/api/slow-endpoint', method: 'POST', headers: { 'content-type': 'text/plain' } });
      req.on('error', () => {});
      req.write('a body sent before the client left');
      await new Promise((r) => setTimeout(r, 50));
      req.destroy();
      for (let i = 0; i < 100 && !g.__slowEndpoint; i++) await new Promise((r) => setTimeout(r, 20));
      expect(g.__slowEndpoint).toEqual({ aborted: true, body: null });
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it("sends HEAD, OPTIONS and an unmarked method through the route's handler", async () => {
    for (const method of ['HEAD', 'OPTIONS', 'PUT']) {
      const res = await fetch(`${base}/api/endpoint/9`, { method });
      expect(res.headers.get('x-served-by'), method).toBe('handler');
    }
  });

  it('answers a marked method that throws with a 500 and the API body, not a stack trace', async () => {
    const res = await fetch(`${base}/api/endpoint/10`, { method: 'DELETE' });
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('{"detail":"A server error occurred."}');
  });

  it("aborts a marked method's request signal when its client goes away", async () => {
    const g = globalThis as { __endpointAborted?: boolean };
    delete g.__endpointAborted;
    const req = http.request({ host: '127.0.0.1', port: new URL(base).port, path: '/api/endpoint/11', method: 'PATCH' });
    req.on('error', () => {});
    req.end();
    for (let i = 0; i < 100 && g.__endpointAborted === undefined; i++) await new Promise((r) => setTimeout(r, 20));
    expect(g.__endpointAborted).toBe(false); // it is waiting on the signal
    req.destroy();
    for (let i = 0; i < 100 && !g.__endpointAborted; i++) await new Promise((r) => setTimeout(r, 20));
    expect(g.__endpointAborted).toBe(true);
  });

  // Another dispatch of the same build, on a server of its own.
  const withDispatch = async (options: { hostname?: string; endpoints?: boolean }, use: (base: string) => Promise<void>) => {
    const serve = directRouteHandlers({ distDir: dir, projectDir: root, hostname: options.hostname, port: 4321, fallback: () => {}, endpoints: options.endpoints });
    const other = http.createServer((req, res) => {
      if (!serve(req, res)) res.end('{}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      await use(`http://127.0.0.1:${(other.address() as AddressInfo).port}`);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  };

  it('with endpoints: false, sends marked methods through the handler too', async () => {
    await withDispatch({ endpoints: false }, async (otherBase) => {
      const res = await fetch(`${otherBase}/api/endpoint/12`);
      expect(res.headers.get('x-served-by')).toBe('handler');
      expect(await res.json()).toMatchObject({ page: '/api/endpoint/[id]', params: { id: '12' } });
    });
  });

  it("names a loopback host localhost in a marked method's URL, as Next.js's request does, and keeps any other", async () => {
    for (const [hostname, seen] of [['127.0.0.1', 'localhost'], ['::1', 'localhost'], ['10.0.0.5', '10.0.0.5'], ['api.internal', 'api.internal']]) {
      await withDispatch({ hostname }, async (otherBase) => {
        const body = await (await fetch(`${otherBase}/api/endpoint/13?q=127.0.0.1`)).json();
        expect(body.url, hostname).toBe(`http://${seen}:4321/api/endpoint/13?q=127.0.0.1`);
      });
    }
  });

  it('leaves pages, escapes, empty and dot segments and other prefixes to Next.js', async () => {
    // Sent as written (fetch would normalise the dot segments away).
    const raw = (p: string) => new Promise<Served>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: new URL(base).port, path: p }, (res) => {
        let text = '';
        res.on('data', (chunk) => { text += chunk; });
        res.on('end', () => resolve(JSON.parse(text)));
      }).on('error', reject);
    });
    for (const p of ['/page', '/api', '/api/', '/apis/contact', '/api/contact/%31', '/api//contact', '/api/./contact', '/api/contact/..', '/API/contact']) {
      expect(await raw(p), p).toEqual({ next: true });
    }
  });
});

describe('builds the direct dispatch does not reproduce', () => {
  it.each<[string, BuildOptions]>([
    ['edge middleware', { middleware: true }],
    ['Node.js middleware', { nodeMiddleware: true }],
    ['another rewrite', { rewrites: [{ source: '/old/:path*', destination: '/api/:path*' }] }],
    ['trustHostHeader', { trustHostHeader: true }],
    ['public files under /api', { publicApi: true }],
  ])('with %s, every request goes to Next.js', (_name, options) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'route-handlers-'));
    const dir = path.join(root, '.next');
    try {
      writeBuild(dir, options);
      expect(directRouteHandlers({ distDir: dir, projectDir: root, hostname: undefined, port: 1, fallback: () => {} })).toBeNull();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('with no build, every request goes to Next.js', () => {
    expect(directRouteHandlers({ distDir: path.join(os.tmpdir(), 'no-such-build'), hostname: undefined, port: 1, fallback: () => {} })).toBeNull();
  });
});
