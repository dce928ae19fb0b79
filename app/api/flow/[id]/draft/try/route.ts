import { getDb } from '@/db';
import { endpoint, json, methods, type Lookup } from '@/lib/api/handler';
import { tryDraftOnSandbox } from '@/lib/flows/draft-try';
import { findFlow } from '@/lib/flows/flows';
import { trySandboxBody } from '@/lib/flows/validation';

const params = { id: 'uuid' } as const;
const lookup: Lookup<typeof params> = async ({ member, params }) => findFlow(await getDb(), member.accountId, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/flow/{id}/draft/try — run the draft, unpublished, for one sandbox phone number; 400 with its problems as publish gives them.
  POST: endpoint({
    params,
    lookup,
    body: trySandboxBody,
    handle: async ({ member, params, body }) => json(await tryDraftOnSandbox(await getDb(), member, params.id, body), 201),
  }),
});
