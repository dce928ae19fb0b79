// API requests go straight to their built route handler (scripts/server.mjs uses this).
//
// Every route file Next.js 15.5 builds exports `handler(req, res, ctx)`: the entry point through
// which Next.js's own server, and a deployment platform in its "minimal mode", runs that route
// (it matches the path's params, sets up the request's async context, calls the route file's GET
// or POST, sends the Response). Before calling it, Next.js's server first runs its general router
// for the request: rewrites, redirects, middleware, i18n, page matching, its render pipeline's
// tracing and caching. For a bare route handler that routing cost as much as the handler: one
// process served the calibration route (one SELECT) at ~620 requests/s through Next.js and at
// ~1,150/s called directly.
//
// This app has no middleware, redirects, i18n or basePath, and its one rewrite removes a trailing
// slash from /api paths. So for a path under /api/ that names a built route handler, this module
// does what Next.js's server would do before calling `handler`: the same header filtering and
// response compression as its router, the request facts (initURL and so on) its server attaches,
// the same route chosen (static routes first, then dynamic ones in the order of its routes
// manifest). Anything else (pages, assets, an /api path with unusual characters) returns false
// and goes to Next.js's own request handler.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

// Paths taken here: /api/ and plain segments, an optional trailing slash. Percent-escapes, empty
// segments and dot segments are left to Next.js, which decodes and normalises them.
const PLAIN_API_PATH = /^\/api(?:\/[A-Za-z0-9_~\-]+(?:\.[A-Za-z0-9_~\-]+)*)+\/?$/;

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The table of built /api route handlers: a path's page and params, chosen as Next.js's route
 * matchers choose (static pages first, then dynamic ones in its sorted order, params decoded and
 * catch-alls split, all with its own functions), and each page's built file.
 */
function routeTable(distDir) {
  const appPaths = readJson(path.join(distDir, 'server', 'app-paths-manifest.json'));
  const routesManifest = readJson(path.join(distDir, 'routes-manifest.json'));
  const middleware = readJson(path.join(distDir, 'server', 'middleware-manifest.json'));
  // Our one rewrite is /api/:path+/ → /api/:path+; anything else would change what a path means.
  const rewrites = routesManifest.rewrites ?? {};
  const rewriteList = Array.isArray(rewrites) ? rewrites : [...(rewrites.beforeFiles ?? []), ...(rewrites.afterFiles ?? []), ...(rewrites.fallback ?? [])];
  const onlyTrailingSlash = rewriteList.every((r) => r.source === '/api/:path+/' && r.destination === '/api/:path+');
  const hasMiddleware = Object.keys(middleware.middleware ?? {}).length > 0;
  if (routesManifest.basePath || routesManifest.i18n || !onlyTrailingSlash || hasMiddleware
    || (routesManifest.redirects ?? []).length || (routesManifest.headers ?? []).length) {
    return null;
  }
  const { getSortedRoutes, isDynamicRoute } = require('next/dist/shared/lib/router/utils');
  const { getRouteRegex } = require('next/dist/shared/lib/router/utils/route-regex');
  const { getRouteMatcher } = require('next/dist/shared/lib/router/utils/route-matcher');
  const files = new Map(); // page → built file, for the API's route handlers only
  for (const [entry, file] of Object.entries(appPaths)) {
    if (entry.startsWith('/api/') && entry.endsWith('/route')) files.set(entry.slice(0, -'/route'.length), file);
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
 * should; or null when this build cannot be served so (no manifests, routing this module does not
 * reproduce), in which case everything goes to Next.js. A route file that fails to load, or that
 * has no `handler` export (a Next.js built otherwise), is handed to `fallback`, Next.js's handler.
 */
export function directRouteHandlers({ distDir, hostname, port, fallback, compress = true }) {
  const absoluteDist = path.resolve(distDir);
  let table;
  let requestMeta;
  let filterInternalHeaders;
  let compression;
  try {
    table = routeTable(absoluteDist);
    requestMeta = require('next/dist/server/request-meta');
    ({ filterInternalHeaders } = require('next/dist/server/lib/server-ipc/utils'));
    compression = compress ? require('next/dist/compiled/compression')() : null;
  } catch (error) {
    console.warn(`[server] API requests go through Next.js's router: ${error.message}`);
    return null;
  }
  if (!table) {
    console.warn("[server] API requests go through Next.js's router: this build has middleware, redirects, headers, other rewrites, i18n or a basePath.");
    return null;
  }
  const { addRequestMeta } = requestMeta;
  // As Next.js's router builds initURL (router-utils/resolve-routes.js) from its own host and port.
  const host = !hostname ? 'localhost' : hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
  const modules = new Map(); // page → Promise of its handler (route files load on first use, as in Next.js)
  const warned = new Set();
  const load = (page) => {
    let loaded = modules.get(page);
    if (!loaded) {
      // A route file built as an async module exports a promise of its exports.
      loaded = Promise.resolve(require(table.file(page))).then((mod) => {
        if (typeof mod?.handler !== 'function') throw new Error(`${page}: the built route has no handler export`);
        return mod.handler;
      });
      modules.set(page, loaded);
      loaded.catch(() => modules.delete(page)); // tried again on the next request
    }
    return loaded;
  };

  // What Next.js's router does for every request (router-server.js), then what its server attaches
  // before it calls a route's handler (next-server.js, base-server.js).
  const prepareRequest = (req, res, url, params) => {
    addRequestMeta(req, 'relativeProjectDir', '');
    filterInternalHeaders(req.headers);
    compression?.(req, res, () => {});
    req.on('error', () => {});
    res.on('error', () => {});
    const forwardedProto = req.headers['x-forwarded-proto'];
    const protocol = req.socket?.encrypted || (typeof forwardedProto === 'string' && forwardedProto.includes('https')) ? 'https' : 'http';
    addRequestMeta(req, 'initURL', `${protocol}://${host}:${port}${url}`);
    addRequestMeta(req, 'initProtocol', protocol);
    addRequestMeta(req, 'distDir', absoluteDist);
    addRequestMeta(req, 'minimalMode', false);
    if (params) addRequestMeta(req, 'params', params);
  };

  return function serveApiRoute(req, res) {
    const url = req.url ?? '/';
    if (!url.startsWith('/api/')) return false;
    const query = url.indexOf('?');
    const pathname = query < 0 ? url : url.slice(0, query);
    if (!PLAIN_API_PATH.test(pathname)) return false;
    let route;
    try {
      route = table.match(pathname);
    } catch {
      return false; // a param Next.js cannot decode: its own handler answers
    }
    if (!route) return false;
    const { page, params } = route;
    load(page).then(
      (handler) => {
        prepareRequest(req, res, url, params);
        // The handler answers its own errors (a 500 with the API's body, from the route's wrapper).
        return handler(req, res, {});
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
      } else {
        res.destroy();
      }
    });
    return true;
  };
}
