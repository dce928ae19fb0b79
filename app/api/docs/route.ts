import { endpoint, methods } from '@/lib/api/handler';
import { docsPageHtml } from '@/lib/openapi/docs-page';
import { cacheable, SHORT_CACHE } from '@/lib/openapi/http';

// GET /api/docs — the interactive API reference (Swagger UI served locally). Unauthenticated.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: endpoint({
    auth: false,
    handle: async ({ req }) => cacheable(req, await docsPageHtml(), { contentType: 'text/html; charset=utf-8', cacheControl: SHORT_CACHE }),
  }),
});
