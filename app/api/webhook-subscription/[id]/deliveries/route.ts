import { z } from 'zod';
import { getDb } from '@/db';
import { webhookDeliveryStatus } from '@/db/schema';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { listDeliveries } from '@/lib/webhooks/delivery-log';

const query = z.object({ status: z.enum(webhookDeliveryStatus.enumValues).optional() });

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/webhook-subscription/{id}/deliveries — the delivery log, newest first; `status` filter.
  GET: endpoint({
    params: { id: 'uuid' },
    query,
    handle: async ({ member, params, url, query }) =>
      json(await listDeliveries(await getDb(), member.accountId, params.id, url, pageRequest(url), query.status)),
  }),
});
