import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { syncTemplatesNow } from '@/lib/channels/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/channels/{id}/sync-templates — fetches the provider's templates now.
  POST: endpoint({
    roles: ['ADMIN'],
    params: { id: 'int' },
    handle: async ({ member, params }) => json(await syncTemplatesNow(await getDb(), member.accountId, params.id)),
  }),
});
