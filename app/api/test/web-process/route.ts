import { NotFoundError } from '@/lib/api/errors';
import { endpoint, json, methods } from '@/lib/api/handler';

// Test-only (ENABLE_TEST_API=1): which web process served the request, so a test can see how the
// server spreads connections over its processes (scripts/server.mjs).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/test/web-process
  GET: endpoint({
    auth: false,
    handle: async () => {
      if (process.env.ENABLE_TEST_API !== '1') throw new NotFoundError();
      return json({ web_process: Number(process.env.WEB_PROCESS ?? 0), pid: process.pid });
    },
  }),
});
