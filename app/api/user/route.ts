import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { listUsers } from '@/lib/members/service';
import { userListQuery } from '@/lib/members/validation';

// GET /api/user — users of the caller's account; `<field>__<lookup>` filters, `ordering`, `search`.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: endpoint({
    query: userListQuery,
    handle: async ({ member, query }) => json(await listUsers(await getDb(), member.accountId, query)),
  }),
});
