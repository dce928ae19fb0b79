import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { actionTestById } from '@/lib/flows/action-tests';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/flow/action-test/{id} — a trial of an ACTION's request, as a step's action_test_response_data names it.
  GET: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await actionTestById(await getDb(), member.accountId, params.id)),
  }),
});
