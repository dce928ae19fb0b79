import { z } from 'zod';
import { getDb } from '@/db';
import { NotFoundError } from '@/lib/api/errors';
import { endpoint, json, methods } from '@/lib/api/handler';
import { advanceFlowClock } from '@/lib/flows/test-clock';

// Test-only: the flow engine's clock moved forward for the caller's account, so that waits
// (a question's 24-hour expiry, a delay) end without waiting. Served only when ENABLE_TEST_API=1.
const body = z.object({ seconds: z.number().int().min(1).max(400 * 86_400) });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/test/flow-clock
  POST: endpoint({
    body,
    handle: async ({ member, body }) => {
      if (process.env.ENABLE_TEST_API !== '1') throw new NotFoundError();
      return json(await advanceFlowClock(await getDb(), member.accountId, body.seconds));
    },
  }),
});
