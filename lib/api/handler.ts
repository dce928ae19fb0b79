import { z } from 'zod';
import './drf-messages';
import { resolveMember } from '@/lib/auth/resolve';
import type { Member, Role } from '@/lib/auth/member';
import { parseBody } from './body';
import { listFields } from './form-lists';
import { hostileInput } from './hostile-input';
import {
  ApiError, MethodNotAllowedError, NotFoundError, PermissionDeniedError, ServiceUnavailableError, UnsupportedMediaTypeError, ValidationError,
} from './errors';
import { zodToDrf } from './zod-to-drf';
import { configuredRate, countRequest, ThrottledError, type Allowance } from './throttle';
import { getDb } from '@/db';
import { publicUrl } from './origin';
import { databaseError, databaseUnavailable, describeError } from '@/lib/errors/describe';

// The one wrapper every API route goes through: authentication, strict path ids, body and query
// validation, and every error turned into a DRF body. Route files stay a few lines long.

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type NextHandler = (req: Request, context: RouteContext) => Promise<Response>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT = /^[1-9]\d{0,9}$/;
const idMatchers = {
  uuid: (v: string) => (UUID.test(v) ? v.toLowerCase() : null),
  int: (v: string) => (INT.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null),
};
type IdKind = keyof typeof idMatchers;
type ParamValues<P extends Record<string, IdKind>> = { [K in keyof P]: P[K] extends 'int' ? number : string };

export type EndpointContext<P, B, Q, A extends boolean> = {
  req: Request;
  url: URL;
  member: A extends false ? null : Member;
  params: P;
  body: B;
  query: Q;
};

/** See `lookup` below. */
export type Lookup<P extends Record<string, IdKind>> = (ctx: { member: Member; params: ParamValues<P> }) => Promise<unknown>;

type EndpointConfig<P extends Record<string, IdKind>, BS extends z.ZodType | undefined, QS extends z.ZodType | undefined, A extends boolean> = {
  /** Defaults to true: a member must be authenticated. */
  auth?: A;
  roles?: Role[];
  params?: P;
  body?: BS;
  /**
   * The body schema for this member, when validation depends on the account (a phone read in the
   * account's country): it must accept what `body` describes, which the OpenAPI document shows.
   */
  bodyFor?: (member: Member) => Promise<NonNullable<BS>>;
  /** Bytes a body may have on this route (default JSON_BODY_LIMIT). */
  bodyLimit?: number;
  query?: QS;
  /** The handler streams the body itself (uploads); other media types are a 415. */
  rawBody?: { mediaTypes: readonly string[] };
  /**
   * For a route about one object: whether it is the member's (falsy, or a NotFoundError thrown,
   * when not). DRF looks the object up before it reads the body, so another account's id is a 404
   * whatever the request holds; this wrapper asks `lookup` when the request fails on its content
   * (body, query, or a validation of the handler's own), and answers 404 when the object is not
   * there. A request that succeeds costs no extra query.
   */
  lookup?: Lookup<P>;
  handle: (ctx: EndpointContext<
    ParamValues<P>,
    BS extends z.ZodType ? z.output<BS> : undefined,
    QS extends z.ZodType ? z.output<QS> : undefined,
    A
  >) => Promise<Response>;
};

export type Endpoint = ((req: Request, context: RouteContext) => Promise<Response>) & { requiresAuth?: boolean };

export function errorResponse(error: unknown): Response {
  if (error instanceof ApiError) return Response.json(error.body, { status: error.status, headers: error.headers });
  if (error instanceof z.ZodError) return Response.json(zodToDrf(error), { status: 400 });
  // A uniqueness race lost to a concurrent request: the client may simply try again.
  if (databaseError(error)?.code === '23505') {
    return Response.json({ non_field_errors: ['A conflicting change was made at the same time. Please try again.'] }, { status: 400 });
  }
  if (databaseUnavailable(error)) {
    console.error('[api] database unavailable:', describeError(error));
    return errorResponse(new ServiceUnavailableError());
  }
  console.error('[api] unexpected error:', describeError(error));
  return Response.json({ detail: 'A server error occurred.' }, { status: 500 });
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A 400, 413 or 415: the request's content was refused (not who sent it, nor where it went). */
function refusedContent(error: unknown): boolean {
  return error instanceof z.ZodError || (error instanceof ApiError && [400, 413, 415].includes(error.status));
}

/** `error`, or a 404 when it refused the content of a request about an object that is not the member's. */
async function unlessMissing(error: unknown, lookup: (() => Promise<unknown>) | null): Promise<unknown> {
  if (!lookup || !refusedContent(error)) return error;
  try {
    return (await lookup()) ? error : new NotFoundError();
  } catch (lookupError) {
    return lookupError;
  }
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null; // `Origin: null` (sandboxed frames, some redirects) or garbage: not this site
  }
}

/**
 * Refuses cross-site writes made with the dashboard's cookie: a browser names the page that made
 * the request in `Sec-Fetch-Site`, `Origin` or, failing both, `Referer`, and none of them may
 * point elsewhere. A request naming none (a script's, not a page's) is not a forged one.
 */
function checkSameOrigin(req: Request): void {
  if (SAFE.has(req.method)) return;
  const site = req.headers.get('sec-fetch-site');
  const page = req.headers.get('origin') ?? req.headers.get('referer');
  const host = req.headers.get('x-forwarded-host') || req.headers.get('host');
  if (site === 'cross-site' || site === 'same-site' || (page !== null && hostOf(page) !== host)) {
    throw new PermissionDeniedError('CSRF Failed: Origin checking failed.');
  }
}

export const NOT_UTF8_MESSAGE = 'Enter valid text: this value is not UTF-8 once decoded.';

/** Decodes %-escapes as URLSearchParams does, but throws where they spell bytes that are not UTF-8. */
function decodeStrictly(text: string): string {
  // A lone % (not followed by two hex digits) stays a %, as URLSearchParams leaves it.
  return decodeURIComponent(text.replace(/\+/g, ' ').replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
}

/**
 * A query parameter whose %-escapes are not UTF-8 (`%E1`, Latin-1's "á"): refused rather than read
 * as U+FFFD. The router may have decoded the query once already (the bad bytes then arrive as
 * U+FFFD, which no one types), or not.
 */
function undecodableQuery(url: URL): ValidationError | null {
  for (const [name, value] of url.searchParams) if (value.includes('\uFFFD')) return ValidationError.field(name, NOT_UTF8_MESSAGE);
  for (const part of url.search.slice(1).split('&')) {
    const at = part.indexOf('=');
    const name = at === -1 ? part : part.slice(0, at);
    try {
      decodeStrictly(at === -1 ? '' : part.slice(at + 1));
    } catch {
      let field = name;
      try { field = decodeStrictly(name); } catch { /* the name itself is garbled: keep it as sent */ }
      return ValidationError.field(field, NOT_UTF8_MESSAGE);
    }
  }
  return null;
}

function queryObject(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}

export function endpoint<
  P extends Record<string, IdKind> = Record<never, IdKind>,
  BS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  A extends boolean = true,
>(config: EndpointConfig<P, BS, QS, A>): Endpoint {
  return Object.assign(async (req: Request, context: RouteContext) => {
    let allowance: Allowance | null = null;
    let lookup: (() => Promise<unknown>) | null = null;
    try {
      const raw = (await context?.params) ?? {};
      const params: Record<string, string | number> = {};
      for (const [name, kind] of Object.entries(config.params ?? {}) as [string, IdKind][]) {
        const value = idMatchers[kind](String(raw[name] ?? ''));
        if (value === null) throw new NotFoundError();
        params[name] = value;
      }
      let member: Member | null = null;
      if (config.auth !== false) {
        member = await resolveMember(req, { fresh: Boolean(config.roles) });
        if (member.via === 'session') checkSameOrigin(req);
        if (config.roles && !config.roles.includes(member.role)) throw new PermissionDeniedError();
        // After the permission checks, as DRF throttles: a refused request spends no allowance.
        const rate = configuredRate();
        if (rate) allowance = await countRequest(await getDb(), member.userId, rate);
        if (config.lookup) lookup = () => config.lookup!({ member: member!, params: params as ParamValues<P> });
      }
      if (config.rawBody) {
        const type = (req.headers.get('content-type') || '').split(';')[0].trim().toLowerCase();
        if (!config.rawBody.mediaTypes.includes(type)) throw new UnsupportedMediaTypeError(type);
      }
      const url = publicUrl(req);
      const garbled = undecodableQuery(url);
      if (garbled) throw garbled;
      const unstorable = hostileInput(queryObject(url));
      if (unstorable) throw new ValidationError(unstorable);
      const query = config.query ? config.query.parse(queryObject(url)) : undefined;
      let body: unknown;
      if (config.body) {
        const schema = config.bodyFor && member ? await config.bodyFor(member) : config.body;
        const raw = await parseBody(req, config.bodyLimit, listFields(schema));
        const hostile = hostileInput(raw);
        if (hostile) throw new ValidationError(hostile);
        const parsed = schema.safeParse(raw);
        if (!parsed.success) throw new ValidationError(zodToDrf(parsed.error));
        body = parsed.data;
      }
      return withAllowance(await config.handle({ req, url, member, params, body, query } as never), allowance);
    } catch (error) {
      if (error instanceof ThrottledError) allowance = error.allowance;
      return withAllowance(errorResponse(await unlessMissing(error, lookup)), allowance);
    }
  }, { requiresAuth: config.auth !== false });
}

/** While throttling is on, every authenticated answer tells its caller where its allowance stands. */
function withAllowance(res: Response, allowance: Allowance | null): Response {
  if (!allowance) return res;
  try {
    res.headers.set('X-RateLimit-Limit', String(allowance.limit));
    res.headers.set('X-RateLimit-Remaining', String(Math.max(0, allowance.remaining)));
    res.headers.set('X-RateLimit-Reset', String(allowance.resetSeconds));
  } catch {
    // A response with immutable headers (none of ours) keeps them as they are.
  }
  return res;
}

/** Set by scripts/server.mjs on a request whose method Next.js does not route, handed over as OPTIONS. */
const UNSERVED_METHOD_HEADER = 'x-engage-unserved-method';

/**
 * The exports of a route file: the served methods, a DRF 405 (with `Allow`) for the rest, so an
 * unserved method never falls through to Next.js's empty 405, and OPTIONS: the `Allow` list, or the
 * 405 for a method Next.js does not route at all (TRACE …).
 */
export function methods(served: Partial<Record<Method | 'OPTIONS', Endpoint>>): Record<Method | 'OPTIONS', NextHandler> {
  const allow = [...METHODS.filter((m) => served[m]), ...(served.GET ? ['HEAD'] : []), 'OPTIONS'];
  // As DRF checks a view's authentication before its methods: on a route whose every method needs
  // a member, a caller without credentials learns nothing about the route but the 401.
  const endpoints = METHODS.flatMap((m) => (served[m] ? [served[m]] : []));
  const guarded = endpoints.length > 0 && endpoints.every((e) => e.requiresAuth);
  const refuse = async (req: Request, method: string) => {
    if (guarded) {
      try {
        await resolveMember(req, { fresh: false });
      } catch (error) {
        return errorResponse(error);
      }
    }
    return errorResponse(new MethodNotAllowedError(method, allow));
  };
  const out = {} as Record<Method | 'OPTIONS', NextHandler>;
  for (const method of METHODS) {
    out[method] = served[method] ?? ((req) => refuse(req, req.method));
  }
  out.OPTIONS = async (req, context) => {
    const unserved = req.headers.get(UNSERVED_METHOD_HEADER);
    if (served.OPTIONS) return served.OPTIONS(req, context);
    if (unserved) return refuse(req, unserved);
    return new Response(null, { status: 204, headers: { Allow: allow.join(', ') } });
  };
  return out;
}

export function json(data: unknown, status = 200): Response {
  return Response.json(data, { status });
}

/** A response whose body is already JSON text (a page the database rendered). */
export function jsonText(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': 'application/json' } });
}

/** A CSV file sent as a download (UTF-8; the stream writes its byte-order mark). */
export function csvAttachment(body: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(body, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}
