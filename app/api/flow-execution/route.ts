import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { listExecutions } from '@/lib/flows/execution-queries';
import { executionListQuery } from '@/lib/flows/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/flow-execution — newest first; `flow`, `search`, `page`, `page_size`.
  GET: endpoint({
    query: executionListQuery,
    handle: async ({ member, url, query }) => json(await listExecutions(await getDb(), member.accountId, url, pageRequest(url), query)),
  }),
});
