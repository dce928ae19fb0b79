import { getDb } from '@/db';
import { endpoint, json, methods, noContent, type Lookup } from '@/lib/api/handler';
import { serializeSubscription } from '@/lib/webhooks/serializer';
import { deleteSubscription, getSubscriptionRow, updateSubscription } from '@/lib/webhooks/subscriptions';
import { subscriptionPatchSchema, subscriptionReplaceSchema } from '@/lib/webhooks/validation';

const params = { id: 'uuid' } as const;
// Another account's subscription is a 404 whatever the body (`lookup` in lib/api/handler.ts).
const lookup: Lookup<typeof params> = async ({ member, params }) => getSubscriptionRow(await getDb(), member.accountId, params.id);
// Where the account's events go is an admin's decision: agents may read subscriptions, not change them.
const ADMIN: ['ADMIN'] = ['ADMIN'];

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/webhook-subscription/{id}
  GET: endpoint({
    params,
    handle: async ({ member, params }) => json(serializeSubscription(await getSubscriptionRow(await getDb(), member.accountId, params.id), member.role)),
  }),
  // PUT /api/webhook-subscription/{id} — events and target required. ADMIN only.
  PUT: endpoint({
    roles: ADMIN,
    params,
    lookup,
    body: subscriptionReplaceSchema,
    handle: async ({ member, params, body }) => json(await updateSubscription(await getDb(), member.accountId, params.id, body)),
  }),
  // PATCH /api/webhook-subscription/{id} — ADMIN only.
  PATCH: endpoint({
    roles: ADMIN,
    params,
    lookup,
    body: subscriptionPatchSchema,
    handle: async ({ member, params, body }) => json(await updateSubscription(await getDb(), member.accountId, params.id, body)),
  }),
  // DELETE /api/webhook-subscription/{id} — ADMIN only.
  DELETE: endpoint({
    roles: ADMIN,
    params,
    handle: async ({ member, params }) => {
      await deleteSubscription(await getDb(), member.accountId, params.id);
      return noContent();
    },
  }),
});
