import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { resendFailedSince } from '@/lib/webhooks/delivery-log';
import { getSubscriptionRow } from '@/lib/webhooks/subscriptions';
import { resendFailedSchema } from '@/lib/webhooks/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/webhook-subscription/{id}/deliveries/resend {since} — resend every failed delivery since then.
  POST: endpoint({
    roles: ['ADMIN'],
    params: { id: 'uuid' },
    // Another account's subscription is a 404 whatever the body (`lookup` in lib/api/handler.ts).
    lookup: async ({ member, params }) => getSubscriptionRow(await getDb(), member.accountId, params.id),
    body: resendFailedSchema,
    handle: async ({ member, params, body }) =>
      json(await resendFailedSince(await getDb(), member.accountId, params.id, new Date(body.since)), 202),
  }),
});
