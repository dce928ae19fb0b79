import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { requestOrigin } from '@/lib/api/origin';
import { storeAttachment } from '@/lib/attachments/service';
import { attachmentUploadQuery } from '@/lib/attachments/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/inbox/attachment — the file as the body, its media type as Content-Type.
  POST: endpoint({
    query: attachmentUploadQuery,
    handle: async ({ req, member, query }) =>
      json(await storeAttachment(await getDb(), member, req, query.filename ?? null, requestOrigin(req)), 201),
  }),
});
