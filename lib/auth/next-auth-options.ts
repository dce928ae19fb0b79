import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getDb } from '@/db';
import { authenticateUser } from '@/lib/members/authenticate';
import { authSecret } from './secret';
import { clearSignInAttempts, countSignInAttempt, normalizeEmail, signInPolicy } from './sign-in-attempts';
import { DEACTIVATED_MESSAGE, SIGN_IN_FAILED, tooManyAttemptsMessage } from './sign-in-message';
import { describeError } from '@/lib/errors/describe';
import { endMemberSessions } from './end-sessions';
import { currentSessionEpoch, sessionMember } from './session-member';

// Dashboard sign-in: email and password, a signed JWT in an http-only session cookie. The JWT
// carries the user id and the session epoch it began in; every request re-reads the member
// (cached per process, see session-member.ts), so a deactivated user, or one who signed out or
// whose sessions were ended (end-sessions.ts), is out at once. `secure`: served over https
// (https.ts), which makes the cookies Secure.
export function nextAuthOptions({ secure = false }: { secure?: boolean } = {}): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: 7 * 24 * 3600 },
    useSecureCookies: secure,
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
          if (user === 'deactivated') throw new Error(DEACTIVATED_MESSAGE);
          if (!user) return null;
          return { id: String(user.id), email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), epoch: user.sessionEpoch } as never;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.uid = Number(user.id);
          token.epoch = (user as { epoch?: number }).epoch ?? await currentSessionEpoch(Number(user.id));
        }
        return token;
      },
      // An ended session is no session: getServerSession answers null for an empty one, so pages
      // send the browser to /login (and /login shows its form instead of sending it back).
      async session({ session, token }) {
        if (!await sessionMember(token)) return {} as typeof session;
        return { ...session, uid: token.uid };
      },
    },
    events: {
      // Signing out ends the member's sessions on the server, not only the cookie in this browser.
      async signOut({ token }) {
        const member = await sessionMember(token);
        if (member) await endMemberSessions(await getDb(), member.userId);
      },
    },
  };
}
