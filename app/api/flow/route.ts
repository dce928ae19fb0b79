import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { createFlow, listFlows } from '@/lib/flows/flows';
import { flowBody, flowListQuery } from '@/lib/flows/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/flow — the account's flows, newest first; `search`, `execution_type`, `page`, `page_size`.
  GET: endpoint({
    query: flowListQuery,
    handle: async ({ member, url, query }) => json(await listFlows(await getDb(), member.accountId, url, pageRequest(url), query)),
  }),
  // POST /api/flow — a flow with its steps inline; everything is checked before it is stored.
  POST: endpoint({
    body: flowBody,
    handle: async ({ member, body }) => json(await createFlow(await getDb(), member, body), 201),
  }),
});
