import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { getConversation } from '@/lib/conversations/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/inbox/conversation/{id}
  GET: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await getConversation(await getDb(), member.accountId, params.id)),
  }),
});
