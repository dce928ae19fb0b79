import { getDb } from '@/db';
import { endpoint, json, methods, type Lookup } from '@/lib/api/handler';
import { requestOrigin } from '@/lib/api/origin';
import { pageRequest } from '@/lib/api/pagination';
import { requireVisibleConversation, visibleConversation } from '@/lib/conversations/visibility';
import { freeFormMessageSchema } from '@/lib/conversations/validation';
import { listConversationMessages, sendFreeFormMessage } from '@/lib/messages/conversation-messages';

const params = { id: 'uuid' } as const;
// Another account's conversation is a 404 whatever the body (`lookup` in lib/api/handler.ts).
// An AGENT who may not see the conversation gets the same 404 (visibility.ts).
const lookup: Lookup<typeof params> = async ({ member, params }) => visibleConversation(await getDb(), member, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/inbox/conversation/{id}/messages — oldest first, paginated.
  GET: endpoint({
    params,
    handle: async ({ member, params, url }) => {
      const db = await getDb();
      await requireVisibleConversation(db, member, params.id);
      return json(await listConversationMessages(db, member.accountId, params.id, url, pageRequest(url)));
    },
  }),
  // POST /api/inbox/conversation/{id}/messages — free-form text or a file, inside the 24-hour window only.
  POST: endpoint({
    params,
    lookup,
    body: freeFormMessageSchema,
    handle: async ({ req, member, params, body }) => {
      const db = await getDb();
      await requireVisibleConversation(db, member, params.id);
      return json(await sendFreeFormMessage(db, member, params.id, body, requestOrigin(req)), 201);
    },
  }),
});
