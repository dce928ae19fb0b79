import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { testAction } from '@/lib/flows/action-tests';
import { actionTestBody } from '@/lib/flows/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/flow/action-test — sends an ACTION's request now, as a run would, and keeps its answer for the builder.
  POST: endpoint({
    body: actionTestBody,
    handle: async ({ member, body }) => json(await testAction(await getDb(), member, body), 201),
  }),
});
