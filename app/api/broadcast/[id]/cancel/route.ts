import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { controlBroadcast } from '@/lib/broadcasts/control';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/broadcast/{id}/cancel
  POST: endpoint({
    params: { id: 'int' },
    handle: async ({ member, params }) => json(await controlBroadcast(await getDb(), member.accountId, params.id, 'cancel')),
  }),
});
