import { getDb } from '@/db';
import { endpoint, json, methods, type Lookup } from '@/lib/api/handler';
import { findExecution, getExecution } from '@/lib/flows/execution-queries';
import { updateExecution } from '@/lib/flows/executions';
import { EXECUTION_BODY_LIMIT, executionBody, executionPatchBody } from '@/lib/flows/validation';
import { listOptsIn, refuseOptInByAgent } from '@/lib/opt-out/marketing';

const params = { id: 'uuid' } as const;
const lookup: Lookup<typeof params> = async ({ member, params }) => findExecution(await getDb(), member.accountId, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/flow-execution/{id}.
  GET: endpoint({
    params,
    handle: async ({ member, params }) => json(await getExecution(await getDb(), member.accountId, params.id)),
  }),
  // PUT /api/flow-execution/{id} — only before the execution starts (400 after).
  PUT: endpoint({
    params,
    lookup,
    body: executionBody,
    bodyLimit: EXECUTION_BODY_LIMIT,
    handle: async ({ member, params, body }) => {
      refuseOptInByAgent(member.role === 'ADMIN', listOptsIn(body));
      return json(await updateExecution(await getDb(), member.accountId, params.id, body, false));
    },
  }),
  // PATCH /api/flow-execution/{id} — only before the execution starts (400 after).
  PATCH: endpoint({
    params,
    lookup,
    body: executionPatchBody,
    bodyLimit: EXECUTION_BODY_LIMIT,
    handle: async ({ member, params, body }) => {
      refuseOptInByAgent(member.role === 'ADMIN', listOptsIn(body));
      return json(await updateExecution(await getDb(), member.accountId, params.id, body, true));
    },
  }),
});
