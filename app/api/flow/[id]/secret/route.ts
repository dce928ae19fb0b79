import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { flowEndWebhookSecret } from '@/lib/flows/flows';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/flow/{id}/secret — the key that signs the flow's end webhook, for admins only.
  GET: endpoint({
    roles: ['ADMIN'],
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await flowEndWebhookSecret(await getDb(), member.accountId, params.id)),
  }),
});
