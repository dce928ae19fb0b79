import { getDb } from '@/db';
import { endpoint, methods, noContent } from '@/lib/api/handler';
import { revokeApiKey } from '@/lib/api-keys/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // DELETE /api/dev/api-keys/{id} — revoke; the key is refused from the next request on.
  DELETE: endpoint({
    roles: ['ADMIN'],
    params: { id: 'int' },
    handle: async ({ member, params }) => {
      await revokeApiKey(await getDb(), member.accountId, params.id);
      return noContent();
    },
  }),
});
