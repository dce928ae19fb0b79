import { getDb } from '@/db';
import { endpoint, json, methods, noContent, type Lookup } from '@/lib/api/handler';
import { deleteFlow, findFlow, getFlow, patchFlow, replaceFlow } from '@/lib/flows/flows';
import { flowBody, flowPatchBody } from '@/lib/flows/validation';

const params = { id: 'uuid' } as const;
// Another account's flow is a 404 whatever the body.
const lookup: Lookup<typeof params> = async ({ member, params }) => findFlow(await getDb(), member.accountId, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/flow/{id} — the flow with its current version's steps.
  GET: endpoint({
    params,
    handle: async ({ member, params }) => json(await getFlow(await getDb(), member.accountId, params.id)),
  }),
  // PUT /api/flow/{id} — the whole flow; new steps publish a new version (with `status: "DRAFT"`, saved as the draft).
  PUT: endpoint({
    params,
    lookup,
    body: flowBody,
    handle: async ({ member, params, body }) => json(await replaceFlow(await getDb(), member, params.id, body)),
  }),
  // PATCH /api/flow/{id} — only what is sent changes; `steps`, when sent, replace them (a new version).
  PATCH: endpoint({
    params,
    lookup,
    body: flowPatchBody,
    handle: async ({ member, params, body }) => json(await patchFlow(await getDb(), member, params.id, body)),
  }),
  // DELETE /api/flow/{id} — refused (400) while an execution of it is running.
  DELETE: endpoint({
    params,
    handle: async ({ member, params }) => {
      await deleteFlow(await getDb(), member.accountId, params.id);
      return noContent();
    },
  }),
});
