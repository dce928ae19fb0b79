import { getDb } from '@/db';
import { endpoint, methods } from '@/lib/api/handler';
import { attachmentByToken } from '@/lib/attachments/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/media/{token} — no credentials: the provider fetches attachments from here.
  GET: endpoint({
    auth: false,
    params: { token: 'uuid' },
    handle: async ({ params }) => {
      const file = await attachmentByToken(await getDb(), params.token);
      return new Response(new Uint8Array(file.data), {
        headers: {
          'Content-Type': file.mimeType,
          'Content-Length': String(file.size),
          'Content-Disposition': `inline; filename="${encodeURIComponent(file.filename)}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
          'Cache-Control': 'private, max-age=86400, immutable',
        },
      });
    },
  }),
});
