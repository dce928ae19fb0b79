import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { getContactImport } from '@/lib/contacts/import/service';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/contact/upload/{id} — status, totals and the first rejected rows of an upload.
  GET: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await getContactImport(await getDb(), member.accountId, params.id)),
  }),
});
