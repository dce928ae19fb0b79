import { z } from 'zod';
import { getDb } from '@/db';
import { NotFoundError } from '@/lib/api/errors';
import { endpoint, json, methods } from '@/lib/api/handler';
import { bareSelect } from '@/lib/test-support/bare-select';

// Test-only calibration for the benchmarks (ENABLE_TEST_API=1): a reference workload, a
// route handler running one 20-row SELECT with no authentication, so the API's figures can be read
// against what this machine serves at best. The POST does the same after reading a small JSON body,
// so the benchmarks can tell what a write's request costs the framework before our code runs.
const bare = async () => {
  if (process.env.ENABLE_TEST_API !== '1') throw new NotFoundError();
  return json(await bareSelect(await getDb()));
};

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/test/bare
  GET: endpoint({ auth: false, handle: bare }),
  // POST /api/test/bare — any JSON object
  POST: endpoint({ auth: false, body: z.looseObject({}), handle: bare }),
});
