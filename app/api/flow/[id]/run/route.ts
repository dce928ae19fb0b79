import { getDb } from '@/db';
import { endpoint, json, methods, type Lookup } from '@/lib/api/handler';
import { createExecution } from '@/lib/flows/executions';
import { findFlow } from '@/lib/flows/flows';
import { EXECUTION_BODY_LIMIT, executionBody } from '@/lib/flows/validation';
import { listOptsIn, refuseOptInByAgent } from '@/lib/opt-out/marketing';

const params = { id: 'uuid' } as const;
const lookup: Lookup<typeof params> = async ({ member, params }) => findFlow(await getDb(), member.accountId, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/flow/{id}/run — create a flow execution: for a list, filters or all contacts.
  POST: endpoint({
    params,
    lookup,
    body: executionBody,
    bodyLimit: EXECUTION_BODY_LIMIT,
    handle: async ({ member, params, body }) => {
      refuseOptInByAgent(member.role === 'ADMIN', listOptsIn(body));
      return json(await createExecution(await getDb(), member, params.id, body), 201);
    },
  }),
});
