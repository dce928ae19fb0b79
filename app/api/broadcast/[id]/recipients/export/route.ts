import { getDb } from '@/db';
import { endpoint, methods } from '@/lib/api/handler';
import { recipientsCsv } from '@/lib/broadcasts/export';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/broadcast/{id}/recipients/export — every recipient with its status, as a CSV download.
  GET: endpoint({
    params: { id: 'int' },
    handle: async ({ member, params }) => new Response(await recipientsCsv(await getDb(), member.accountId, params.id), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="broadcast-${params.id}-recipients.csv"`,
      },
    }),
  }),
});
