import { errorResponse, methods } from '@/lib/api/handler';
import { NotFoundError } from '@/lib/api/errors';

// Any other path under /api: a DRF 404 body rather than the HTML not-found page.
const notFound = async () => errorResponse(new NotFoundError());
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound, OPTIONS: notFound,
});
