import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { listDeliveries } from '@/lib/webhooks/delivery-log';
import { deliveryListQuery } from '@/lib/webhooks/validation';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/webhook-subscription/{id}/deliveries — the delivery log, newest first; `status` filter.
  GET: endpoint({
    params: { id: 'uuid' },
    query: deliveryListQuery,
    handle: async ({ member, params, url, query }) =>
      json(await listDeliveries(await getDb(), member.accountId, params.id, url, pageRequest(url), query.status)),
  }),
});
