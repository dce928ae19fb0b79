import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { getDelivery } from '@/lib/webhooks/delivery-log';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/webhook-delivery/{id} — one delivery with its payload and every attempt.
  GET: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await getDelivery(await getDb(), member.accountId, params.id)),
  }),
});
