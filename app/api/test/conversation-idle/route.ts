import { z } from 'zod';
import { getDb } from '@/db';
import { NotFoundError } from '@/lib/api/errors';
import { endpoint, json, methods } from '@/lib/api/handler';
import { autocloseIdleConversations, backdateConversation } from '@/lib/conversations/autoclose';

// Test-only (ENABLE_TEST_API=1): makes one of the caller's conversations look idle for `hours`, then
// runs the auto-close sweep of the periodic job for the caller's account, so a suite need not wait.
const body = z.object({ conversation: z.uuid(), hours: z.int().min(0).max(10_000) });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/test/conversation-idle
  POST: endpoint({
    body,
    handle: async ({ member, body }) => {
      if (process.env.ENABLE_TEST_API !== '1') throw new NotFoundError();
      const db = await getDb();
      await backdateConversation(db, member.accountId, body.conversation, body.hours);
      return json({ closed: await autocloseIdleConversations(db, member.accountId) });
    },
  }),
});
