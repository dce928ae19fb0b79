import { NotFoundError } from '@/lib/api/errors';
import { endpoint, json, methods } from '@/lib/api/handler';

// Test-only (ENABLE_TEST_API=1): the request as the route handler sees it (URL, headers, body), so a
// test can compare what Next.js's router and the server's direct dispatch hand to a route
// (e2e/api/dispatch.spec.ts, scripts/route-handlers.mjs).

// Which object the route was handed: Next.js's NextRequest (through its router or a route's
// handler) or the plain Request of the server's direct call.
const requestKind = (req: Request) => ('nextUrl' in req ? 'NextRequest' : 'Request');

async function echo(req: Request, withBody: boolean) {
  if (process.env.ENABLE_TEST_API !== '1') throw new NotFoundError();
  const body = withBody ? { body: await req.text() } : {};
  return json({ method: req.method, url: req.url, headers: Object.fromEntries(req.headers.entries()), request: requestKind(req), ...body });
}

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/test/echo
  GET: endpoint({
    auth: false,
    handle: async ({ req }) => echo(req, false),
  }),
  // POST /api/test/echo — the same, and the body as received
  POST: endpoint({
    auth: false,
    handle: async ({ req }) => echo(req, true),
  }),
});
