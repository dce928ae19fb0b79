import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { getDelivery } from '@/lib/webhooks/delivery-log';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/webhook-delivery/{id} — one delivery with its payload and every attempt. ADMIN only: a
  // payload carries contacts and messages whatever an agent may see of them in the inbox.
  GET: endpoint({
    roles: ['ADMIN'],
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await getDelivery(await getDb(), member.accountId, params.id)),
  }),
});
