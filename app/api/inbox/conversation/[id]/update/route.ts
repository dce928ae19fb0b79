import { getDb } from '@/db';
import { endpoint, json, methods, type Lookup } from '@/lib/api/handler';
import { requireVisibleConversation, visibleConversation } from '@/lib/conversations/visibility';
import { updateConversation } from '@/lib/conversations/service';
import { conversationPatchSchema, conversationUpdateSchema } from '@/lib/conversations/validation';

const params = { id: 'uuid' } as const;
// Another account's conversation is a 404 whatever the body (`lookup` in lib/api/handler.ts).
// An AGENT who may not see the conversation gets the same 404 (visibility.ts).
const lookup: Lookup<typeof params> = async ({ member, params }) => visibleConversation(await getDb(), member, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // PUT /api/inbox/conversation/{id}/update — id, contact and assigned required.
  PUT: endpoint({
    params,
    lookup,
    body: conversationUpdateSchema,
    handle: async ({ member, params, body }) => {
      const db = await getDb();
      await requireVisibleConversation(db, member, params.id);
      return json(await updateConversation(db, member.accountId, params.id, body));
    },
  }),
  // PATCH /api/inbox/conversation/{id}/update — any subset.
  PATCH: endpoint({
    params,
    lookup,
    body: conversationPatchSchema,
    handle: async ({ member, params, body }) => {
      const db = await getDb();
      await requireVisibleConversation(db, member, params.id);
      return json(await updateConversation(db, member.accountId, params.id, body));
    },
  }),
});
