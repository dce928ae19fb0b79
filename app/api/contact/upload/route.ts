import { getDb } from '@/db';
import { UnsupportedMediaTypeError } from '@/lib/api/errors';
import { endpoint, json, methods } from '@/lib/api/handler';
import { uploadContactsCsv } from '@/lib/contacts/import/upload';

// CSV media types as clients send them: browsers on Windows label .csv files
// application/vnd.ms-excel, and curl --data-binary users often say text/plain.
const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/x-csv', 'text/plain', 'application/vnd.ms-excel']);

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/contact/upload — the raw CSV as the body; imported by a background job.
  POST: endpoint({
    rawBody: true,
    handle: async ({ req, member }) => {
      const type = (req.headers.get('content-type') || '').split(';')[0].trim().toLowerCase();
      if (!CSV_TYPES.has(type)) throw new UnsupportedMediaTypeError(type);
      const id = await uploadContactsCsv(await getDb(), member, req.body, Number(req.headers.get('content-length') || 0));
      return json({ upload_group_id: id });
    },
  }),
});
