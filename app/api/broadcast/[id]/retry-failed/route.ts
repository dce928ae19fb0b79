import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { retryFailed } from '@/lib/broadcasts/create';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/broadcast/{id}/retry-failed — a new broadcast, linked to this one, to its failed recipients.
  POST: endpoint({
    params: { id: 'int' },
    handle: async ({ member, params }) => json(await retryFailed(await getDb(), member, params.id), 201),
  }),
});
