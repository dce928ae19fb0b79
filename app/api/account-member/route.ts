import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { memberListBody } from '@/lib/members/validation';
import { listMembers } from '@/lib/members/service';

// GET /api/account-member — the spec's test request: the account's members as a bare array,
// optionally paged by `page`/`page_size` in a JSON body (or the query string).
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: endpoint({
    handle: async ({ req, url, member }) => {
      let paging: unknown = Object.fromEntries(url.searchParams);
      const text = await req.text().catch(() => '');
      if (text.trim()) {
        try { paging = { ...(paging as object), ...JSON.parse(text) }; } catch { /* a GET body is optional */ }
      }
      const page = memberListBody.parse(paging);
      return json(await listMembers(await getDb(), member.accountId, page));
    },
  }),
});
