import { endpoint, methods } from '@/lib/api/handler';
import { openApiJson } from '@/lib/openapi/document';
import { cacheable, SHORT_CACHE } from '@/lib/openapi/http';

// GET /api/schema — the OpenAPI 3.1 document of this API, built once per process. Unauthenticated.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: endpoint({
    auth: false,
    handle: async ({ req }) => cacheable(req, openApiJson(), { contentType: 'application/json', cacheControl: SHORT_CACHE }),
  }),
});
