import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { linkOrigin } from '@/lib/api/origin';
import { addMember } from '@/lib/members/manage';
import { addMemberSchema, memberListBody } from '@/lib/members/validation';
import { listMembers } from '@/lib/members/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/account-member — the account's members as a bare array (clients use it to test a key),
  // optionally paged by `page`/`page_size` (sent in a JSON body on the GET, which the production
  // server folds into the query string — scripts/server.mjs — or in the query string itself).
  GET: endpoint({
    query: memberListBody,
    handle: async ({ member, query }) => json(await listMembers(await getDb(), member.accountId, query)),
  }),
  // POST /api/account-member — add a member, with a password or an invitation link shown once. ADMIN only.
  POST: endpoint({
    roles: ['ADMIN'],
    body: addMemberSchema,
    handle: async ({ req, member, body }) => json(await addMember(await getDb(), member.accountId, body, linkOrigin(req)), 201),
  }),
});
