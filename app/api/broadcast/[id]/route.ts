import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { getBroadcast } from '@/lib/broadcasts/queries';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/broadcast/{id}
  GET: endpoint({
    params: { id: 'int' },
    handle: async ({ member, params }) => json(await getBroadcast(await getDb(), member.accountId, params.id)),
  }),
});
