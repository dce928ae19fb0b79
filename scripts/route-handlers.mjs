// API requests go straight to their route's code (scripts/server.mjs uses this).
//
// Every route file Next.js 15.5 builds exports `handler(req, res, ctx)`: the entry point through
// which Next.js's own server, and a deployment platform in its "minimal mode", runs that route
// (it matches the path's params, sets up the request's async context, calls the route file's GET
// or POST, sends the Response). Before calling it, Next.js's server first runs its general router
// for the request: rewrites, redirects, middleware, i18n, page matching, its render pipeline's
// tracing and caching. For a bare route handler that routing cost as much as the handler: with
// two web processes the calibration route (one SELECT) served 570-582 requests/s through Next.js
// and 1,132-1,150 called directly (runs in alternation, 2026-11-22).
//
// This app has no middleware, redirects, custom headers, i18n or basePath, and its one rewrite
// removes a trailing slash from /api paths. So for a path under /api/ that names a built route
// handler, this module does what Next.js's server would do before calling `handler`: the same
// header filtering, compression and x-forwarded-* headers, the same request facts (initURL and so on)
// its server attaches, the same route chosen (static routes first, then dynamic ones, sorted and
// matched with Next.js's own functions). Anything else (pages, assets, an /api path with unusual
// characters, a request carrying the headers of Next.js's client router) returns false and goes
// to Next.js's own request handler; so does every request when the build has something this
// module does not reproduce.
//
// One step further, for the API's own endpoints: `handler` itself still does much per request
// (a tracing span, the response cache's wrapper, the route module's async-storage scopes for
// cookies(), headers(), after() and fetch caching, its NextRequest), and that cost more than most
// endpoints' own work. The three ways in alternation on one database, two web processes each
// (2026-11-22, three rounds; this machine's speed moved twofold between rounds): the bare route
// served 831-1,749 requests/s called directly, 438-986 through `handler`, 318-830 through Next.js's
// router; the contact list 523-1,195, 380-720 and 274-513; in each round the direct call served
// 1.2-1.9 times what `handler` did (inbound callbacks 1.0-1.6, template sends 1.2-1.6). The
// methods that lib/api/handler.ts's methods() builds carry the API_ENDPOINT mark: functions from a
// Web Request to a Response that use none of that context, and that answer every error
// themselves. Such a method is called here as the route module would call it: the URL Next.js
// would give it (the query normalised, a loopback host named localhost), the same headers,
// streamed body and abort signal, its params as the promise Next.js passes; its Response is sent
// as Next.js's own sendResponse sends it, in one write when its whole body is at hand (the
// API's JSON answers, sendEndpointResponse below). A route file whose method is not so marked
// (next-auth's), and HEAD and OPTIONS, which Next.js answers from the route module, go through
// `handler`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

// Set on the methods lib/api/handler.ts builds (the same registered symbol there).
const API_ENDPOINT = Symbol.for('engage.api-endpoint');
// Set on the responses lib/api/response-body.ts makes: the whole body, a string or bytes.
const RESPONSE_BODY = Symbol.for('engage.response-body');
// Headers sendResponse never copies from a Response (its body may have been decoded on the way),
// and those it lets a Response give more than once.
const FORBIDDEN_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding']);
const REPEATABLE_HEADERS = new Set(['www-authenticate', 'proxy-authenticate', 'vary']);
const ENDPOINT_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK_HOST = /^(?:127(?:\.(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)){3}|\[::1\])$/;

// Paths taken here: /api/ and plain segments, an optional trailing slash. Percent-escapes, empty
// segments and dot segments are left to Next.js, which decodes and normalises them.
const PLAIN_API_PATH = /^\/api(?:\/[A-Za-z0-9_~\-]+(?:\.[A-Za-z0-9_~\-]+)*)+\/?$/;

// Headers of Next.js's client router, data requests, server actions and middleware prefetches:
// Next.js treats such requests specially (a middleware prefetch gets `{}` without the route
// running), and no API client sends them, so they are left to it.
const NEXT_CLIENT_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-url',
  'next-action', 'x-nextjs-data', 'x-middleware-prefetch'];

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Why this build cannot be served directly, or null when it can. */
function unsupported(distDir, projectDir, routesManifest, config) {
  const middleware = readJson(path.join(distDir, 'server', 'middleware-manifest.json'));
  // Node.js middleware is listed here, edge middleware and edge routes in the middleware manifest.
  const functionsFile = path.join(distDir, 'server', 'functions-config-manifest.json');
  const functions = fs.existsSync(functionsFile) ? readJson(functionsFile).functions ?? {} : {};
  // Our one rewrite is /api/:path+/ → /api/:path+; anything else would change what a path means.
  const rewrites = routesManifest.rewrites ?? {};
  const rewriteList = Array.isArray(rewrites) ? rewrites : [...(rewrites.beforeFiles ?? []), ...(rewrites.afterFiles ?? []), ...(rewrites.fallback ?? [])];
  if (Object.keys(middleware.middleware ?? {}).length || Object.keys(middleware.functions ?? {}).length || functions['/_middleware']) return 'middleware or edge routes';
  if (!rewriteList.every((r) => r.source === '/api/:path+/' && r.destination === '/api/:path+')) return 'rewrites';
  if ((routesManifest.redirects ?? []).length || (routesManifest.headers ?? []).length) return 'redirects or headers';
  if (routesManifest.basePath || routesManifest.i18n || config.basePath || config.i18n) return 'a basePath or i18n';
  if (config.experimental?.trustHostHeader) return 'experimental.trustHostHeader';
  // Next.js serves a public file before a route of the same path.
  if (fs.existsSync(path.join(projectDir, 'public', 'api'))) return 'files under public/api';
  return null;
}

/**
 * The table of built /api route handlers: a path's page and params, chosen as Next.js's route
 * matchers choose (static pages first, then dynamic ones in its sorted order, params decoded and
 * catch-alls split, all with its own functions), and each page's built file. Pages are app paths
 * as Next.js normalises them (route groups dropped).
 */
function routeTable(distDir) {
  const appPaths = readJson(path.join(distDir, 'server', 'app-paths-manifest.json'));
  const { getSortedRoutes, isDynamicRoute } = require('next/dist/shared/lib/router/utils');
  const { getRouteRegex } = require('next/dist/shared/lib/router/utils/route-regex');
  const { getRouteMatcher } = require('next/dist/shared/lib/router/utils/route-matcher');
  const { normalizeAppPath } = require('next/dist/shared/lib/router/utils/app-paths');
  const files = new Map(); // page → built file, for the API's route handlers only
  for (const [entry, file] of Object.entries(appPaths)) {
    if (!entry.endsWith('/route')) continue;
    const page = normalizeAppPath(entry);
    if (page.startsWith('/api/')) files.set(page, file);
  }
  const dynamic = getSortedRoutes([...files.keys()].filter(isDynamicRoute))
    .map((page) => ({ page, params: getRouteMatcher(getRouteRegex(page)) }));
  return {
    /** { page, params } (params undefined for a static page, as Next.js passes them), or null. */
    match(pathname) {
      const bare = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
      if (files.has(bare) && !isDynamicRoute(bare)) return { page: bare, params: undefined };
      for (const route of dynamic) {
        const params = route.params(bare);
        if (params) return { page: route.page, params };
      }
      return null;
    },
    file: (page) => path.join(distDir, 'server', files.get(page)),
  };
}

/**
 * A function (req, res) → true when it took the request, false when Next.js's request handler
 * should; or null when this build cannot be served so (no manifests, or something this module
 * does not reproduce), in which case everything goes to Next.js. A route file that fails to load,
 * or that has no `handler` export (a Next.js built otherwise), is handed to `fallback`, Next.js's
 * request handler. `projectDir` is the app's directory (its public/), the server's working directory.
 * `endpoints: false` sends every request through its route's `handler`, marked methods included.
 */
export function directRouteHandlers({ distDir, projectDir = process.cwd(), hostname, port, fallback, endpoints = true }) {
  const absoluteDist = path.resolve(distDir);
  let table;
  let config;
  let addRequestMeta;
  let fromNodeOutgoingHttpHeaders;
  let sendResponse;
  let NodeNextRequest;
  let NodeNextResponse;
  let signalFromNodeResponse;
  let normalizeCdnUrl;
  let filterInternalHeaders;
  let compression;
  try {
    const routesManifest = readJson(path.join(absoluteDist, 'routes-manifest.json'));
    config = readJson(path.join(absoluteDist, 'required-server-files.json')).config ?? {};
    const why = unsupported(absoluteDist, projectDir, routesManifest, config);
    if (why) {
      console.warn(`[server] API requests go through Next.js's router: this build has ${why}.`);
      return null;
    }
    table = routeTable(absoluteDist);
    ({ addRequestMeta } = require('next/dist/server/request-meta'));
    ({ fromNodeOutgoingHttpHeaders } = require('next/dist/server/web/utils'));
    ({ sendResponse } = require('next/dist/server/send-response'));
    ({ NodeNextRequest, NodeNextResponse } = require('next/dist/server/base-http/node'));
    ({ signalFromNodeResponse } = require('next/dist/server/web/spec-extension/adapters/next-request'));
    ({ normalizeCdnUrl } = require('next/dist/server/server-utils'));
    ({ filterInternalHeaders } = require('next/dist/server/lib/server-ipc/utils'));
    compression = config.compress !== false ? require('next/dist/compiled/compression')() : null;
  } catch (error) {
    console.warn(`[server] API requests go through Next.js's router: ${error.message}`);
    return null;
  }
  // As Next.js's router builds initURL (router-utils/resolve-routes.js) from its own host and port.
  const host = !hostname ? 'localhost' : hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
  // A route module's NextRequest names a loopback host `localhost` (NextURL's parseURL), so a
  // server started with -H 127.0.0.1 gives its routes, and their pagination links, that name.
  // (NextURL rewrites the first loopback address or `localhost` anywhere after the scheme: when
  // the server's host is not one, as with -H 0.0.0.0 or a LAN address, a path or query holding one
  // reaches the route changed, `?search=127.0.0.1` as `?search=localhost`. Only the host is renamed
  // here.)
  const endpointHost = LOOPBACK_HOST.test(host) ? 'localhost' : host;
  const modules = new Map(); // page → Promise of its exports (route files load on first use, as in Next.js)
  const warned = new Set();
  const load = (page) => {
    let loaded = modules.get(page);
    if (!loaded) {
      // Inside the promise, so a route file that throws as it loads rejects it. A route file
      // built as an async module exports a promise of its exports.
      loaded = new Promise((resolve) => resolve(require(table.file(page)))).then((mod) => {
        if (typeof mod?.handler !== 'function') throw new Error('the built route has no handler export');
        return mod;
      });
      modules.set(page, loaded);
      loaded.catch(() => modules.delete(page)); // tried again on the next request
    }
    return loaded;
  };
  // Work a route hands to `after()`: it runs on while the process lives; a failure is logged.
  const waitUntil = (promise) => {
    Promise.resolve(promise).catch((error) => console.error('[server] work after a response failed:', error));
  };

  // What Next.js's router does for every request (router-server.js), then what its server does
  // before it calls a route's handler (base-server.js handleRequestImpl, next-server.js). Returns
  // the request's protocol. `compress`: Next.js's server puts its compression middleware on every
  // response; a route handler's answer, sent by sendResponse, never comes out compressed (nor with
  // its Vary: Accept-Encoding) through Next.js, so an endpoint called directly goes without it,
  // where it would otherwise take effect on an answer ended in one write.
  const prepareRequest = (req, res, url, params, compress) => {
    addRequestMeta(req, 'relativeProjectDir', '');
    filterInternalHeaders(req.headers);
    if (compress) compression?.(req, res, () => {});
    req.on('error', () => {});
    res.on('error', () => {});
    const forwardedProto = req.headers['x-forwarded-proto'];
    const isHttps = forwardedProto ? forwardedProto === 'https' : !!req.socket?.encrypted;
    req.headers['x-forwarded-host'] ??= req.headers.host ?? hostname;
    req.headers['x-forwarded-port'] ??= port ? String(port) : isHttps ? '443' : '80';
    req.headers['x-forwarded-proto'] ??= isHttps ? 'https' : 'http';
    req.headers['x-forwarded-for'] ??= req.socket?.remoteAddress;
    const protocol = req.headers['x-forwarded-proto'].includes('https') ? 'https' : 'http';
    addRequestMeta(req, 'initURL', `${protocol}://${host}:${port}${url}`);
    addRequestMeta(req, 'initProtocol', protocol);
    addRequestMeta(req, 'distDir', absoluteDist);
    addRequestMeta(req, 'minimalMode', false);
    if (params) addRequestMeta(req, 'params', params);
    return protocol;
  };

  // A marked method called as the route module would call it (route-module.js prepare, then
  // app-route/module.js through NextRequestAdapter.fromNodeNextRequest), its answer sent as
  // `handler` sends it.
  const callEndpoint = async (req, res, endpoint, protocol, params) => {
    // The query re-serialised with Next.js's internal parameters (nxtP…, nxtI…) removed, as
    // Next.js does to every request URL before a route sees it.
    normalizeCdnUrl(req, []);
    // Aborted when the client goes away before the answer ends; already aborted, and the body
    // left out, when it went away while the route file was loading.
    const signal = signalFromNodeResponse(res);
    const streamed = req.method !== 'GET' && req.method !== 'HEAD' && !signal.aborted;
    const request = new Request(`${protocol}://${endpointHost}:${port}${req.url}`, {
      method: req.method,
      headers: fromNodeOutgoingHttpHeaders(req.headers),
      duplex: 'half',
      signal,
      body: streamed ? req : null, // the body streamed, never buffered here
    });
    const response = await endpoint(request, { params: Promise.resolve(params ?? {}) });
    await sendEndpointResponse(req, res, response);
  };

  // As sendResponse sends a Response (status, status text, headers: each Set-Cookie on its own,
  // internal and framing headers left out, a header already set kept unless it may repeat), but a
  // response whose whole body is at hand (lib/api/response-body.ts) or that has none ends in one
  // write: headers and body together, with its Content-Length. Any other body is piped by
  // sendResponse itself.
  const sendEndpointResponse = async (req, res, response) => {
    const body = response[RESPONSE_BODY];
    const whole = typeof body === 'string' || body instanceof Uint8Array;
    if (!whole && response.body !== null) return sendResponse(new NodeNextRequest(req), new NodeNextResponse(res), response);
    res.statusCode = response.status;
    res.statusMessage = response.statusText;
    response.headers.forEach((value, name) => {
      if (name === 'set-cookie' || name === 'x-middleware-set-cookie' || FORBIDDEN_HEADERS.has(name)) return;
      if (REPEATABLE_HEADERS.has(name) || res.getHeader(name) === undefined) res.appendHeader(name, value);
    });
    for (const cookie of response.headers.getSetCookie()) res.appendHeader('set-cookie', cookie);
    if (!whole) return void res.end();
    res.setHeader('content-length', typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    res.end(body);
  };

  return function serveApiRoute(req, res) {
    const url = req.url ?? '/';
    if (!url.startsWith('/api/')) return false;
    const query = url.indexOf('?');
    const pathname = query < 0 ? url : url.slice(0, query);
    if (!PLAIN_API_PATH.test(pathname)) return false;
    if (NEXT_CLIENT_HEADERS.some((name) => req.headers[name] !== undefined)) return false;
    const route = table.match(pathname); // cannot throw: the path has no escapes to decode
    if (!route) return false;
    const { page, params } = route;
    load(page).then(
      (mod) => {
        const method = endpoints && ENDPOINT_METHODS.has(req.method) ? mod.routeModule?.userland?.[req.method] : undefined;
        // Either answers its own errors (a 500 with the API's body, from the route's wrapper).
        if (method?.[API_ENDPOINT] === true) return callEndpoint(req, res, method, prepareRequest(req, res, url, params, false), params);
        prepareRequest(req, res, url, params, true);
        return mod.handler(req, res, { waitUntil });
      },
      (error) => {
        if (!warned.has(page)) console.warn(`[server] ${page}: served through Next.js's router (${error.message})`);
        warned.add(page);
        return fallback(req, res);
      },
    ).catch((error) => {
      console.error(`[server] ${req.method} ${pathname}:`, error);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ detail: 'A server error occurred.' }));
      } else if (!res.writableFinished) {
        res.destroy(); // an answer cut short; a finished one keeps its connection
      }
    });
    return true;
  };
}
