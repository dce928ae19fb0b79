import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { markConversationRead } from '@/lib/conversations/service';
import { requireVisibleConversation } from '@/lib/conversations/visibility';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/inbox/conversation/{id}/read — an agent read it: unread_count back to 0.
  POST: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => {
      const db = await getDb();
      await requireVisibleConversation(db, member, params.id);
      return json(await markConversationRead(db, member.accountId, params.id));
    },
  }),
});
