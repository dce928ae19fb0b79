import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { listConversations } from '@/lib/conversations/service';
import { conversationListQuery } from '@/lib/conversations/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/inbox/conversation — filters `contact`, `search`, `status`, `assigned`, `tag`, `unread`; `ordering`.
  GET: endpoint({
    query: conversationListQuery,
    handle: async ({ member, url, query }) =>
      json(await listConversations(await getDb(), member.accountId, member.userId, url, pageRequest(url), query)),
  }),
});
