import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { sendTestEvent } from '@/lib/webhooks/delivery-log';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/webhook-subscription/{id}/test — a sample event, delivered like any other; admins
  // only, as every other write to a subscription (a test can switch it off: a 410 answer).
  POST: endpoint({
    roles: ['ADMIN'],
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await sendTestEvent(await getDb(), member.accountId, params.id), 202),
  }),
});
