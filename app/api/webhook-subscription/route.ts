import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { createSubscription, listSubscriptions } from '@/lib/webhooks/subscriptions';
import { subscriptionListQuery, subscriptionSchema } from '@/lib/webhooks/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/webhook-subscription — newest first; `search` matches the target.
  GET: endpoint({
    query: subscriptionListQuery,
    handle: async ({ member, url, query }) =>
      json(await listSubscriptions(await getDb(), member.accountId, member.role, url, pageRequest(url), query.search)),
  }),
  // POST /api/webhook-subscription — the answer carries the signing secret, once. ADMIN only.
  POST: endpoint({
    roles: ['ADMIN'],
    body: subscriptionSchema,
    handle: async ({ member, body }) => json(await createSubscription(await getDb(), member.accountId, body), 201),
  }),
});
