import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { executionStepStats } from '@/lib/flows/step-stats';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/flow-execution/{id}/steps — the execution's per-step drop-off.
  GET: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await executionStepStats(await getDb(), member.accountId, params.id)),
  }),
});
