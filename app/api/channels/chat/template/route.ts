import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { listTemplates } from '@/lib/templates/service';
import { createTemplate } from '@/lib/templates/create';
import { templateDraftSchema, templateListQuery } from '@/lib/templates/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/channels/chat/template — filters category/status (comma-separated, or
  // category__in/status__in), search on name and status, ordering.
  GET: endpoint({
    query: templateListQuery,
    handle: async ({ member, url, query }) => json(await listTemplates(await getDb(), member.accountId, url, pageRequest(url), query)),
  }),
  // POST /api/channels/chat/template — create a template: submitted to the channel's provider
  // (approved at once on the sandbox). ADMIN only.
  POST: endpoint({
    roles: ['ADMIN'],
    body: templateDraftSchema,
    handle: async ({ member, body }) => json(await createTemplate(await getDb(), member.accountId, body), 201),
  }),
});
