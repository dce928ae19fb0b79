import { getDb } from '@/db';
import { endpoint, json, methods, noContent } from '@/lib/api/handler';
import { deleteTemplate } from '@/lib/templates/create';
import { getTemplate } from '@/lib/templates/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/channels/chat/template/{id}
  GET: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await getTemplate(await getDb(), member.accountId, params.id)),
  }),
  // DELETE /api/channels/chat/template/{id} — deleted at the provider and marked deleted here. ADMIN only.
  DELETE: endpoint({
    roles: ['ADMIN'],
    params: { id: 'uuid' },
    handle: async ({ member, params }) => {
      await deleteTemplate(await getDb(), member.accountId, params.id);
      return noContent();
    },
  }),
});
