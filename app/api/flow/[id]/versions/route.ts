import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { listVersions } from '@/lib/flows/drafts';

const params = { id: 'uuid' } as const;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/flow/{id}/versions — the published versions, newest first, with who published each.
  GET: endpoint({
    params,
    handle: async ({ member, params, url }) => json(await listVersions(await getDb(), member.accountId, params.id, url, pageRequest(url))),
  }),
});
