import { getDb } from '@/db';
import { endpoint, json, methods, type Lookup } from '@/lib/api/handler';
import { getDraft, saveDraft } from '@/lib/flows/drafts';
import { findFlow } from '@/lib/flows/flows';
import { flowDraftBody } from '@/lib/flows/validation';

const params = { id: 'uuid' } as const;
const lookup: Lookup<typeof params> = async ({ member, params }) => findFlow(await getDb(), member.accountId, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/flow/{id}/draft — the working copy (the draft, else the published flow) with what stops it from being published.
  GET: endpoint({
    params,
    handle: async ({ member, params }) => json(await getDraft(await getDb(), member.accountId, params.id)),
  }),
  // PUT /api/flow/{id}/draft — saves the whole body as the draft (only its shape is checked).
  PUT: endpoint({
    params,
    lookup,
    body: flowDraftBody,
    handle: async ({ member, params, body }) => {
      const db = await getDb();
      await saveDraft(db, member, params.id, body);
      return json(await getDraft(db, member.accountId, params.id));
    },
  }),
});
