import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { createApiKey, listApiKeys } from '@/lib/api-keys/service';
import { createApiKeySchema } from '@/lib/api-keys/validation';

// API keys of the account, for the `/dev/api-keys` page. ADMIN only.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/dev/api-keys — every key, newest first, never the key itself.
  GET: endpoint({
    roles: ['ADMIN'],
    handle: async ({ member }) => json(await listApiKeys(await getDb(), member.accountId)),
  }),
  // POST /api/dev/api-keys — a new key; the answer's `key` is the only time it is shown.
  POST: endpoint({
    roles: ['ADMIN'],
    body: createApiKeySchema,
    handle: async ({ member, body }) => json(await createApiKey(await getDb(), member.accountId, {
      name: body.name, userId: body.user ?? member.userId, createdById: member.userId,
    }), 201),
  }),
});
