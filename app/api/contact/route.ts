import { getDb } from '@/db';
import { endpoint, json, jsonText, methods } from '@/lib/api/handler';
import { pageRequest } from '@/lib/api/pagination';
import { listContacts } from '@/lib/contacts/list';
import { upsertContact } from '@/lib/contacts/service';
import { accountContactSchemas } from '@/lib/contacts/account-country';
import { contactListQuery, contactUpsertSchema } from '@/lib/contacts/validation';
import { memberActor } from '@/lib/contacts/write';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/contact — the account's contacts, newest first; `search`, `tag`, `page`, `page_size`.
  GET: endpoint({
    query: contactListQuery,
    handle: async ({ member, url, query }) =>
      jsonText(await listContacts(await getDb(), member.accountId, url, pageRequest(url), query)),
  }),
  // POST /api/contact — create, or merge into the contact with the same canonical phone.
  POST: endpoint({
    body: contactUpsertSchema,
    bodyFor: async (member) => (await accountContactSchemas(member)).upsert,
    handle: async ({ member, body }) => {
      const { contact } = await upsertContact(await getDb(), memberActor(member), body);
      return json(contact, 201);
    },
  }),
});
