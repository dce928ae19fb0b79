import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { createBroadcast } from '@/lib/broadcasts/create';
import { listBroadcasts } from '@/lib/broadcasts/queries';
import { BROADCAST_BODY_LIMIT, broadcastCreateBody, broadcastListQuery } from '@/lib/broadcasts/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/broadcast — the account's broadcasts, newest first; `search`, `status`, `page`, `page_size`.
  GET: endpoint({
    query: broadcastListQuery,
    handle: async ({ member, url, query }) => json(await listBroadcasts(await getDb(), member.accountId, url, pageRequest(url), query)),
  }),
  // POST /api/broadcast — one template to up to 100,000 recipients, each with its own variables.
  POST: endpoint({
    body: broadcastCreateBody,
    bodyLimit: BROADCAST_BODY_LIMIT,
    handle: async ({ member, body }) => json(await createBroadcast(await getDb(), member, body), 201),
  }),
});
