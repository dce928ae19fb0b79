import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { testChannelCredentials } from '@/lib/channels/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/channels/{id}/test-credentials — asks the provider whether the stored credentials work.
  POST: endpoint({
    roles: ['ADMIN'],
    params: { id: 'int' },
    handle: async ({ member, params }) => json(await testChannelCredentials(await getDb(), member.accountId, params.id)),
  }),
});
