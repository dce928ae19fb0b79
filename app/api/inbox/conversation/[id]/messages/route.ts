import { getDb } from '@/db';
import { endpoint, json, methods, type Lookup } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { selectConversation } from '@/lib/conversations/queries';
import { freeFormMessageSchema } from '@/lib/conversations/validation';
import { listConversationMessages, sendFreeFormMessage } from '@/lib/messages/conversation-messages';

const params = { id: 'uuid' } as const;
// Another account's conversation is a 404 whatever the body (`lookup` in lib/api/handler.ts).
const lookup: Lookup<typeof params> = async ({ member, params }) => selectConversation(await getDb(), member.accountId, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/inbox/conversation/{id}/messages — oldest first, paginated.
  GET: endpoint({
    params,
    handle: async ({ member, params, url }) =>
      json(await listConversationMessages(await getDb(), member.accountId, params.id, url, pageRequest(url))),
  }),
  // POST /api/inbox/conversation/{id}/messages — free-form text, inside the 24-hour window only.
  POST: endpoint({
    params,
    lookup,
    body: freeFormMessageSchema,
    handle: async ({ member, params, body }) => json(await sendFreeFormMessage(await getDb(), member, params.id, body), 201),
  }),
});
