import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { findBroadcast, getBroadcast } from '@/lib/broadcasts/queries';
import { broadcastListQuery } from '@/lib/broadcasts/validation';

const detailQuery = broadcastListQuery.pick({ include_recipients: true });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/broadcast/{id} — `include_recipients=false` leaves out the recipients' ids (the dashboard polls this).
  GET: endpoint({
    params: { id: 'int' },
    // Another account's broadcast is a 404 whatever the query.
    lookup: async ({ member, params }) => findBroadcast(await getDb(), member.accountId, params.id),
    query: detailQuery,
    handle: async ({ member, params, query }) => json(await getBroadcast(await getDb(), member.accountId, params.id, query.include_recipients)),
  }),
});
