import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { getConversation } from '@/lib/conversations/service';
import { requireVisibleConversation } from '@/lib/conversations/visibility';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/inbox/conversation/{id}
  GET: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => {
      const db = await getDb();
      await requireVisibleConversation(db, member, params.id);
      return json(await getConversation(db, member.accountId, params.id));
    },
  }),
});
