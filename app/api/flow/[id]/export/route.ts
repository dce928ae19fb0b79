import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { exportFlow } from '@/lib/flows/drafts';

const params = { id: 'uuid' } as const;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/flow/{id}/export — the flow as a `POST /api/flow` body (its draft when it has one), layout included.
  GET: endpoint({
    params,
    handle: async ({ member, params }) => json(await exportFlow(await getDb(), member.accountId, params.id)),
  }),
});
