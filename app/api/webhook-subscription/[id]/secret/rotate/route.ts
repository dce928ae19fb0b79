import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { rotateSecret } from '@/lib/webhooks/subscriptions';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/webhook-subscription/{id}/secret/rotate — new secret; the old one signs too for 24 h.
  POST: endpoint({
    roles: ['ADMIN'],
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await rotateSecret(await getDb(), member.accountId, params.id)),
  }),
});
