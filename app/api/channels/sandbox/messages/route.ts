import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { sandboxPhoneMessages } from '@/lib/channels/sandbox/phone';
import { sandboxMessagesQuery } from '@/lib/channels/sandbox/validation';
import { visibleConversations } from '@/lib/conversations/visibility';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/channels/sandbox/messages?phone=… — what that number received and sent on the sandbox, oldest first.
  GET: endpoint({
    query: sandboxMessagesQuery,
    handle: async ({ member, query, url }) => {
      const db = await getDb();
      return json(await sandboxPhoneMessages(db, member.accountId, query.phone, url, pageRequest(url), await visibleConversations(db, member)));
    },
  }),
});
