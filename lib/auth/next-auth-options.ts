import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getDb } from '@/db';
import { authenticateUser } from '@/lib/members/authenticate';
import { authSecret } from './secret';
import { clearSignInAttempts, countSignInAttempt, signInPolicy } from './sign-in-attempts';
import { tooManyAttemptsMessage } from './sign-in-message';

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
          if (!credentials?.email || !credentials.password || credentials.email.length > 320) return null;
          // Counted before the password is checked (sign-in-attempts.ts); the message thrown reaches
          // the sign-in form as next-auth's `error`.
          const policy = signInPolicy();
          const db = await getDb();
          const wait = policy && await countSignInAttempt(db, credentials.email, policy);
          if (wait) throw new Error(tooManyAttemptsMessage(wait));
          const user = await authenticateUser(credentials.email, credentials.password);
          if (!user) return null;
          if (policy) await clearSignInAttempts(db, credentials.email);
          return { id: String(user.id), email: user.email, name: `${user.firstName} ${user.lastName}`.trim() };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) token.uid = Number(user.id);
        return token;
      },
      async session({ session, token }) {
        return { ...session, uid: token.uid };
      },
    },
  };
}
