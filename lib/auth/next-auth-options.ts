import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getDb } from '@/db';
import { authenticateUser } from '@/lib/members/authenticate';
import { authSecret } from './secret';
import { clearSignInAttempts, countSignInAttempt, normalizeEmail, signInPolicy } from './sign-in-attempts';
import { SIGN_IN_FAILED, tooManyAttemptsMessage } from './sign-in-message';
import { describeError } from '@/lib/errors/describe';

// Dashboard sign-in: email and password, a signed JWT in an http-only session cookie. The JWT only
// carries the user id; every request re-reads the member, so a deactivated user is out at once.
export function nextAuthOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: 7 * 24 * 3600 },
    pages: { signIn: '/login' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials) {
          // Longer than any member's address (254), however it lower-cases: not worth a query.
          if (!credentials?.email || !credentials.password || normalizeEmail(credentials.email).length > 254) return null;
          // Counted before the password is checked (sign-in-attempts.ts); the message thrown reaches
          // the sign-in form as next-auth's `error`.
          const policy = signInPolicy();
          let wait: number | null = null;
          let user: Awaited<ReturnType<typeof authenticateUser>> = null;
          try {
            const db = await getDb();
            wait = policy && await countSignInAttempt(db, credentials.email, policy);
            if (!wait) user = await authenticateUser(credentials.email, credentials.password);
            if (user && policy) await clearSignInAttempts(db, credentials.email);
          } catch (error) {
            // next-auth would hand the error's own text (a database's, say) to the browser.
            console.error('[auth] sign-in failed:', describeError(error));
            throw new Error(SIGN_IN_FAILED);
          }
          if (wait) throw new Error(tooManyAttemptsMessage(wait));
          if (!user) return null;
          return { id: String(user.id), email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), epoch: user.sessionEpoch };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.uid = Number(user.id);
          // Compared on every request: ending a member's sessions bumps it (lib/auth/end-sessions.ts).
          token.epoch = (user as { epoch?: number }).epoch ?? 0;
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, uid: token.uid, epoch: token.epoch };
      },
    },
  };
}
