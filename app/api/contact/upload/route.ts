import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { listContactImports } from '@/lib/contacts/import/service';
import { CSV_MEDIA_TYPES, uploadContactsCsv } from '@/lib/contacts/import/upload';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/contact/upload — the account's uploads, newest first (their counters, not their rejected rows).
  GET: endpoint({
    handle: async ({ member, url }) => json(await listContactImports(await getDb(), member.accountId, url, pageRequest(url))),
  }),
  // POST /api/contact/upload — the raw CSV as the body; imported by a background job.
  POST: endpoint({
    rawBody: { mediaTypes: CSV_MEDIA_TYPES },
    handle: async ({ req, member }) => {
      const id = await uploadContactsCsv(await getDb(), member, req.body, Number(req.headers.get('content-length') || 0));
      return json({ upload_group_id: id });
    },
  }),
});
