import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { retryDeliveryNow } from '@/lib/webhooks/delivery-log';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/webhook-delivery/{id}/retry — a delivery waiting out a retry is attempted now.
  POST: endpoint({
    roles: ['ADMIN'],
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await retryDeliveryNow(await getDb(), member.accountId, params.id), 202),
  }),
});
