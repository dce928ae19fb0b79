import { getDb } from '@/db';
import { endpoint, methods } from '@/lib/api/handler';
import { rejectedRowsCsv } from '@/lib/contacts/import/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/contact/upload/{id}/rejected — every rejected row as a CSV download.
  GET: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => new Response(await rejectedRowsCsv(await getDb(), member.accountId, params.id), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="rejected-${params.id}.csv"`,
      },
    }),
  }),
});
