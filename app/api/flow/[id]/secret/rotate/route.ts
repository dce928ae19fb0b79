import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { rotateFlowEndWebhookSecret } from '@/lib/flows/flows';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/flow/{id}/secret/rotate — a new key for the flow's end webhook, for admins only.
  POST: endpoint({
    roles: ['ADMIN'],
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await rotateFlowEndWebhookSecret(await getDb(), member.accountId, params.id)),
  }),
});
