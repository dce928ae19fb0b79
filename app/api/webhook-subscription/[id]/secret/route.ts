import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { revealSecret } from '@/lib/webhooks/subscriptions';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/webhook-subscription/{id}/secret — the signing secret, for admins only.
  GET: endpoint({
    roles: ['ADMIN'],
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await revealSecret(await getDb(), member.accountId, params.id)),
  }),
});
