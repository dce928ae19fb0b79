import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { controlExecution } from '@/lib/flows/executions';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/flow-execution/{id}/pause
  POST: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await controlExecution(await getDb(), member.accountId, params.id, 'pause')),
  }),
});
