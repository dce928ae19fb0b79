import { NotFoundError } from '@/lib/api/errors';
import { endpoint, methods } from '@/lib/api/handler';
import { docsAsset } from '@/lib/openapi/docs-page';
import { ASSET_CACHE, cacheable } from '@/lib/openapi/http';

// GET /api/docs/assets/{file} — the reference page's scripts and styles from node_modules/swagger-ui-dist,
// allow-listed by name (lib/openapi/docs-page.ts). Unauthenticated.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: endpoint({
    auth: false,
    handle: async ({ req, url }) => {
      // Not decoded: allow-listed names need no escaping, so an encoded name is simply unknown.
      const asset = await docsAsset(url.pathname.replace(/\/+$/, '').split('/').pop() ?? '');
      if (!asset) throw new NotFoundError();
      return cacheable(req, asset.body, { contentType: asset.contentType, cacheControl: ASSET_CACHE, etag: asset.etag });
    },
  }),
});
