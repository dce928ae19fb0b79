import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { getContactImport } from '@/lib/contacts/import/service';
import { uploadDetailQuery } from '@/lib/contacts/import/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/contact/upload/{id} — status, totals and the first rejected rows of an upload
  // (`rejected_rows=N` of them, 0 for counters only).
  GET: endpoint({
    params: { id: 'uuid' },
    // Another account's upload is a 404 whatever the query (`lookup` in lib/api/handler.ts).
    lookup: async ({ member, params }) => getContactImport(await getDb(), member.accountId, params.id, 0),
    query: uploadDetailQuery,
    handle: async ({ member, params, query }) =>
      json(await getContactImport(await getDb(), member.accountId, params.id, query.rejected_rows)),
  }),
});
