import { endpoint, methods } from '@/lib/api/handler';
import { stillSignedIn } from '@/lib/auth/resolve';
import { inboxEventStream } from '@/lib/inbox/event-stream';
import { visibleOfFor } from '@/lib/conversations/visibility';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/inbox/events — server-sent events: the account's inbox changes, as they happen.
  GET: endpoint({
    handle: async ({ member, req }) => inboxEventStream(member.accountId, req.signal, () => stillSignedIn(req, member), await visibleOfFor(member)),
  }),
});
