import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { getTemplate } from '@/lib/templates/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/channels/chat/template/{id}
  GET: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await getTemplate(await getDb(), member.accountId, params.id)),
  }),
});
