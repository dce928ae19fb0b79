import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { resendDelivery } from '@/lib/webhooks/delivery-log';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/webhook-delivery/{id}/resend — send the same event again as a new delivery.
  POST: endpoint({
    roles: ['ADMIN'],
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await resendDelivery(await getDb(), member.accountId, params.id), 202),
  }),
});
