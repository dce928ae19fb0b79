import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { getExecutionContact } from '@/lib/flows/execution-queries';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/flow-execution-contact/{id} — with the execution and every executed step.
  GET: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await getExecutionContact(await getDb(), member.accountId, params.id)),
  }),
});
