import { NotFoundError } from '@/lib/api/errors';
import { endpoint, json, methods } from '@/lib/api/handler';

// Test-only (ENABLE_TEST_API=1): the request as the route handler sees it (URL, headers, body), so a
// test can compare what Next.js's router and the server's direct dispatch hand to a route
// (e2e/api/dispatch.spec.ts, scripts/route-handlers.mjs).
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/test/echo
  GET: endpoint({
    auth: false,
    handle: async ({ req }) => {
      if (process.env.ENABLE_TEST_API !== '1') throw new NotFoundError();
      return json({ method: req.method, url: req.url, headers: Object.fromEntries(req.headers.entries()) });
    },
  }),
  // POST /api/test/echo — the same, and the body as received
  POST: endpoint({
    auth: false,
    handle: async ({ req }) => {
      if (process.env.ENABLE_TEST_API !== '1') throw new NotFoundError();
      return json({ method: req.method, url: req.url, headers: Object.fromEntries(req.headers.entries()), body: await req.text() });
    },
  }),
});
