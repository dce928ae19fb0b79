import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { memberListBody } from '@/lib/members/validation';
import { listMembers } from '@/lib/members/service';

// GET /api/account-member — the account's members as a bare array (clients use it to test a key),
// optionally paged by `page`/`page_size` (sent in a JSON body on the GET, which the production
// server folds into the query string — scripts/server.mjs — or in the query string itself).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: endpoint({
    query: memberListBody,
    handle: async ({ member, query }) => json(await listMembers(await getDb(), member.accountId, query)),
  }),
});
