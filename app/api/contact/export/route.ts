import { getDb } from '@/db';
import { csvAttachment, endpoint, methods } from '@/lib/api/handler';
import { contactsCsv } from '@/lib/contacts/export';
import { contactListQuery } from '@/lib/contacts/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/contact/export — the contacts the list would show (`search`, `tag`), all of them, as a CSV download.
  GET: endpoint({
    query: contactListQuery,
    handle: async ({ member, query }) => csvAttachment(await contactsCsv(await getDb(), member.accountId, query),
      `contacts-${new Date().toISOString().slice(0, 10)}.csv`),
  }),
});
