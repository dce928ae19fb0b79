import NextAuth from 'next-auth';
import { nextAuthOptions } from '@/lib/auth/next-auth-options';

// next-auth's own endpoints (sign-in, sign-out, session, CSRF) for the dashboard.
const handler = (req: Request, ctx: unknown) => NextAuth(req as never, ctx as never, nextAuthOptions());
export { handler as GET, handler as POST };
