import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { listDeliveries } from '@/lib/webhooks/delivery-log';
import { getSubscriptionRow } from '@/lib/webhooks/subscriptions';
import { deliveryListQuery } from '@/lib/webhooks/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/webhook-subscription/{id}/deliveries — the delivery log, newest first; `status` filter.
  // ADMIN only, as each delivery's payload is.
  GET: endpoint({
    roles: ['ADMIN'],
    params: { id: 'uuid' },
    // Another account's subscription is a 404 whatever the query (`lookup` in lib/api/handler.ts).
    lookup: async ({ member, params }) => getSubscriptionRow(await getDb(), member.accountId, params.id),
    query: deliveryListQuery,
    handle: async ({ member, params, url, query }) =>
      json(await listDeliveries(await getDb(), member.accountId, params.id, url, pageRequest(url), query.status)),
  }),
});
