import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { findBroadcast, listRecipients } from '@/lib/broadcasts/queries';
import { pageRequest } from '@/lib/api/pagination';
import { recipientListQuery } from '@/lib/broadcasts/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/broadcast/{id}/recipients — in the order given; `status`, `search` (phone digits), `page`, `page_size`.
  GET: endpoint({
    params: { id: 'int' },
    // Another account's broadcast is a 404 whatever the query.
    lookup: async ({ member, params }) => findBroadcast(await getDb(), member.accountId, params.id),
    query: recipientListQuery,
    handle: async ({ member, params, url, query }) =>
      json(await listRecipients(await getDb(), member.accountId, params.id, url, pageRequest(url), query)),
  }),
});
