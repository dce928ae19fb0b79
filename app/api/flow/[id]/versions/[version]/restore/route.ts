import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { restoreVersion } from '@/lib/flows/drafts';

const params = { id: 'uuid', version: 'int' } as const;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/flow/{id}/versions/{version}/restore — that version's steps and layout become the draft.
  POST: endpoint({
    params,
    handle: async ({ member, params }) => json(await restoreVersion(await getDb(), member, params.id, params.version)),
  }),
});
