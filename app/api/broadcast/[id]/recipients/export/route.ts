import { getDb } from '@/db';
import { csvAttachment, endpoint, methods } from '@/lib/api/handler';
import { recipientsCsv } from '@/lib/broadcasts/export';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/broadcast/{id}/recipients/export — every recipient with its status, as a CSV download.
  GET: endpoint({
    params: { id: 'int' },
    handle: async ({ member, params }) => csvAttachment(await recipientsCsv(await getDb(), member.accountId, params.id),
      `broadcast-${params.id}-recipients.csv`),
  }),
});
