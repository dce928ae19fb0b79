import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { listExecutionContacts } from '@/lib/flows/execution-queries';
import { executionContactListQuery } from '@/lib/flows/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/flow-execution-contact — filters: `contact`, `flow_execution`, `flow_execution__flow`, `is_active`, `status`, `search`.
  GET: endpoint({
    query: executionContactListQuery,
    handle: async ({ member, url, query }) => json(await listExecutionContacts(await getDb(), member.accountId, url, pageRequest(url), query)),
  }),
});
