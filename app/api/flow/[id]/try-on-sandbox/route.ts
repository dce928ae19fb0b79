import { getDb } from '@/db';
import { endpoint, json, methods, type Lookup } from '@/lib/api/handler';
import { tryOnSandbox } from '@/lib/flows/executions';
import { findFlow } from '@/lib/flows/flows';
import { trySandboxBody } from '@/lib/flows/validation';

const params = { id: 'uuid' } as const;
const lookup: Lookup<typeof params> = async ({ member, params }) => findFlow(await getDb(), member.accountId, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/flow/{id}/try-on-sandbox — run the flow for one sandbox phone number, on the sandbox channel.
  POST: endpoint({
    params,
    lookup,
    body: trySandboxBody,
    handle: async ({ member, params, body }) => json(await tryOnSandbox(await getDb(), member, params.id, body), 201),
  }),
});
