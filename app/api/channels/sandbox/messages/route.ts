import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { sandboxPhoneMessages } from '@/lib/channels/sandbox/phone';
import { sandboxMessagesQuery } from '@/lib/channels/sandbox/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/channels/sandbox/messages?phone=… — what that number received and sent on the sandbox, oldest first.
  GET: endpoint({
    query: sandboxMessagesQuery,
    handle: async ({ member, query, url }) =>
      json(await sandboxPhoneMessages(await getDb(), member.accountId, query.phone, url, pageRequest(url))),
  }),
});
