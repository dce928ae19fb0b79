import { getDb } from '@/db';
import { endpoint, json, methods, noContent, type Lookup } from '@/lib/api/handler';
import { deleteQuickReply, getQuickReply, updateQuickReply } from '@/lib/quick-replies/service';
import { quickReplyPatchSchema, quickReplySchema } from '@/lib/quick-replies/validation';

const params = { id: 'uuid' } as const;
// Another account's quick reply is a 404 whatever the body (`lookup` in lib/api/handler.ts).
const lookup: Lookup<typeof params> = async ({ member, params }) => getQuickReply(await getDb(), member.accountId, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/quick-reply/{id}
  GET: endpoint({ params, handle: async ({ member, params }) => json(await getQuickReply(await getDb(), member.accountId, params.id)) }),
  // PUT /api/quick-reply/{id} — shortcut and body required.
  PUT: endpoint({
    params, lookup, body: quickReplySchema,
    handle: async ({ member, params, body }) => json(await updateQuickReply(await getDb(), member.accountId, params.id, body)),
  }),
  // PATCH /api/quick-reply/{id}
  PATCH: endpoint({
    params, lookup, body: quickReplyPatchSchema,
    handle: async ({ member, params, body }) => json(await updateQuickReply(await getDb(), member.accountId, params.id, body)),
  }),
  // DELETE /api/quick-reply/{id}
  DELETE: endpoint({
    params,
    handle: async ({ member, params }) => {
      await deleteQuickReply(await getDb(), member.accountId, params.id);
      return noContent();
    },
  }),
});
