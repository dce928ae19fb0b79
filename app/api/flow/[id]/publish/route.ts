import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { publishDraft } from '@/lib/flows/drafts';

const params = { id: 'uuid' } as const;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/flow/{id}/publish — the draft becomes the next version; 400 per step while a problem remains.
  POST: endpoint({
    params,
    handle: async ({ member, params }) => json(await publishDraft(await getDb(), member, params.id)),
  }),
});
