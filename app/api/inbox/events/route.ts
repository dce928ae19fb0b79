import { endpoint, methods } from '@/lib/api/handler';
import { AuthenticationError } from '@/lib/api/errors';
import { resolveMember } from '@/lib/auth/resolve';
import { inboxEventStream } from '@/lib/inbox/event-stream';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/inbox/events — server-sent events: the account's inbox changes, as they happen.
  GET: endpoint({
    handle: async ({ member, req }) => inboxEventStream(member.accountId, req.signal, async () => {
      try {
        return (await resolveMember(req)).userId === member.userId;
      } catch (error) {
        // Refused credentials end the stream; a failure to ask (the database away) does not.
        if (error instanceof AuthenticationError) return false;
        throw error;
      }
    }),
  }),
});
