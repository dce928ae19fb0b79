import NextAuth from 'next-auth';
import { ApiError } from '@/lib/api/errors';
import { errorResponse, methods } from '@/lib/api/handler';
import { servedOverHttps } from '@/lib/auth/https';
import { nextAuthOptions } from '@/lib/auth/next-auth-options';

// next-auth's own endpoints (sign-in, sign-out, session, CSRF) for the dashboard. Its refusals are
// plain text; like every error under /api/, they are answered as a DRF JSON body instead.
async function nextAuth(req: Request, ctx: unknown): Promise<Response> {
  const res: Response = await NextAuth(req as never, ctx as never, nextAuthOptions({ secure: servedOverHttps(req.headers, req.url) }));
  if (res.status < 400 || (res.headers.get('content-type') ?? '').includes('application/json')) return res;
  const detail = (await res.text()).trim() || res.statusText || 'Bad request.';
  return errorResponse(new ApiError(res.status, { detail }));
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: nextAuth, POST: nextAuth });
