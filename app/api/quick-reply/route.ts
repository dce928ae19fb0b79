import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { createQuickReply, listQuickReplies } from '@/lib/quick-replies/service';
import { quickReplyListQuery, quickReplySchema } from '@/lib/quick-replies/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/quick-reply — by shortcut; `search` matches shortcut and text (a leading `/` is ignored).
  GET: endpoint({
    query: quickReplyListQuery,
    handle: async ({ member, url, query }) =>
      json(await listQuickReplies(await getDb(), member.accountId, url, pageRequest(url), query.search)),
  }),
  // POST /api/quick-reply
  POST: endpoint({
    body: quickReplySchema,
    handle: async ({ member, body }) => json(await createQuickReply(await getDb(), member, body), 201),
  }),
});
