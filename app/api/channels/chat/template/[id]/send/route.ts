import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { sendTemplateMessage } from '@/lib/messages/send-template';
import { findTemplate } from '@/lib/templates/service';
import { accountCountry } from '@/lib/contacts/account-country';
import { templateSendSchema, templateSendSchemaFor } from '@/lib/templates/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/channels/chat/template/{id}/send — 201 {id, conversation} at once; the
  // send runs as a job.
  POST: endpoint({
    params: { id: 'uuid' },
    // Another account's template is a 404 whatever the body (`lookup` in lib/api/handler.ts).
    lookup: async ({ member, params }) => findTemplate(await getDb(), member.accountId, params.id),
    body: templateSendSchema,
    bodyFor: async (member) => templateSendSchemaFor(await accountCountry(await getDb(), member.accountId)),
    handle: async ({ member, params, body }) => json(await sendTemplateMessage(await getDb(), member, params.id, body), 201),
  }),
});
