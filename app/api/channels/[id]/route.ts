import { getDb } from '@/db';
import { endpoint, json, methods, noContent } from '@/lib/api/handler';
import { requestOrigin } from '@/lib/api/origin';
import { deleteChannel, findChannel, patchChannel, serializeChannel } from '@/lib/channels/service';
import { channelPatchBody } from '@/lib/channels/validation';

const params = { id: 'int' } as const;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/channels/{id}
  GET: endpoint({
    params,
    handle: async ({ member, params, req }) => json(serializeChannel(await findChannel(await getDb(), member.accountId, params.id), requestOrigin(req))),
  }),
  // PATCH /api/channels/{id} — name, status, rate limit; a provider setting sent replaces the stored one.
  PATCH: endpoint({
    roles: ['ADMIN'],
    params,
    // Another account's channel is a 404 whatever the body (`lookup` in lib/api/handler.ts).
    lookup: async ({ member, params }) => findChannel(await getDb(), member.accountId, params.id),
    body: channelPatchBody,
    handle: async ({ member, params, body, req }) =>
      json(serializeChannel(await patchChannel(await getDb(), member.accountId, params.id, body), requestOrigin(req))),
  }),
  // DELETE /api/channels/{id} — hidden and switched off for good; its messages keep their history. ADMIN only.
  DELETE: endpoint({
    roles: ['ADMIN'],
    params,
    handle: async ({ member, params }) => {
      await deleteChannel(await getDb(), member.accountId, params.id);
      return noContent();
    },
  }),
});
