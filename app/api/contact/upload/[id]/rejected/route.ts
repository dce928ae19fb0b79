import { getDb } from '@/db';
import { csvAttachment, endpoint, methods } from '@/lib/api/handler';
import { rejectedRowsCsv } from '@/lib/contacts/import/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/contact/upload/{id}/rejected — every rejected row as a CSV download.
  GET: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => csvAttachment(await rejectedRowsCsv(await getDb(), member.accountId, params.id), `rejected-${params.id}.csv`),
  }),
});
