import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { updateConversation } from '@/lib/conversations/service';
import { conversationPatchSchema, conversationUpdateSchema } from '@/lib/conversations/validation';

const params = { id: 'uuid' } as const;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // PUT /api/inbox/conversation/{id}/update — id, contact and assigned required.
  PUT: endpoint({
    params,
    body: conversationUpdateSchema,
    handle: async ({ member, params, body }) => json(await updateConversation(await getDb(), member.accountId, params.id, body)),
  }),
  // PATCH /api/inbox/conversation/{id}/update — any subset.
  PATCH: endpoint({
    params,
    body: conversationPatchSchema,
    handle: async ({ member, params, body }) => json(await updateConversation(await getDb(), member.accountId, params.id, body)),
  }),
});
