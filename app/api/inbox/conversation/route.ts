import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { listConversations } from '@/lib/conversations/service';
import { visibleConversations } from '@/lib/conversations/visibility';
import { conversationListQuery } from '@/lib/conversations/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/inbox/conversation — filters `contact`, `search`, `status`, `assigned`, `tag`, `unread`; `ordering`.
  GET: endpoint({
    query: conversationListQuery,
    handle: async ({ member, url, query }) => {
      const db = await getDb();
      const visible = await visibleConversations(db, member);
      return json(await listConversations(db, member.accountId, member.userId, url, pageRequest(url), query, visible));
    },
  }),
});
