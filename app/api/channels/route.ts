import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { requestOrigin } from '@/lib/api/origin';
import { pageRequest } from '@/lib/api/pagination';
import { createCloudChannel, listChannels, serializeChannel } from '@/lib/channels/service';
import { channelCreateBody } from '@/lib/channels/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/channels — the account's channels (sandbox first), provider secrets masked.
  GET: endpoint({
    handle: async ({ member, url, req }) => json(await listChannels(await getDb(), member.accountId, url, pageRequest(url), requestOrigin(req))),
  }),
  // POST /api/channels — add a cloud_api channel (admins).
  POST: endpoint({
    roles: ['ADMIN'],
    body: channelCreateBody,
    handle: async ({ member, body, req }) =>
      json(serializeChannel(await createCloudChannel(await getDb(), member.accountId, body), requestOrigin(req)), 201),
  }),
});
