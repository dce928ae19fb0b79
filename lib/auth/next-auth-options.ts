import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { authenticateUser } from '@/lib/members/authenticate';
import { authSecret } from './secret';

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
          if (!credentials?.email || !credentials.password) return null;
          const user = await authenticateUser(credentials.email, credentials.password);
          return user ? { id: String(user.id), email: user.email, name: `${user.firstName} ${user.lastName}`.trim() } : null;
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
