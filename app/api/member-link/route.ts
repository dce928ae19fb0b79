import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { describeMemberLink, useMemberLink } from '@/lib/members/links';
import { memberLinkQuery, memberLinkUseSchema } from '@/lib/members/validation';

// The set-password page: invitation and reset links carry their own proof, so no sign-in is asked.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/member-link?token= — whom the link is for, while it is usable.
  GET: endpoint({
    auth: false,
    query: memberLinkQuery,
    handle: async ({ query }) => json(await describeMemberLink(await getDb(), query.token)),
  }),
  // POST /api/member-link — choose a password through the link (once).
  POST: endpoint({
    auth: false,
    body: memberLinkUseSchema,
    handle: async ({ body }) => json(await useMemberLink(await getDb(), body.token, body.password)),
  }),
});
