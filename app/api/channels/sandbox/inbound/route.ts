import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { receiveSandboxMessage } from '@/lib/channels/sandbox/phone';
import { sandboxInboundSchema } from '@/lib/channels/sandbox/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/channels/sandbox/inbound — the sandbox phone: a contact's reply (text, button, file,
  // location) enters through the same inbound path as a provider callback; 201 with the stored message.
  POST: endpoint({
    body: sandboxInboundSchema,
    handle: async ({ member, body }) => json(await receiveSandboxMessage(await getDb(), member.accountId, body), 201),
  }),
});
