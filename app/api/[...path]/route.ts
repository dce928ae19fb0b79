import { errorResponse } from '@/lib/api/handler';
import { NotFoundError } from '@/lib/api/errors';

// Any other path under /api: a DRF 404 body rather than the HTML not-found page.
const notFound = async () => errorResponse(new NotFoundError());
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
