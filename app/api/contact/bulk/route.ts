import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { bulkChangeContacts } from '@/lib/contacts/bulk';
import { contactBulkSchema } from '@/lib/contacts/validation';
import { memberActor } from '@/lib/contacts/write';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/contact/bulk — one change (tag, attribute, opt out or in, delete, restore) to contacts by id or by the list's filters.
  POST: endpoint({
    body: contactBulkSchema,
    handle: async ({ member, body }) => json(await bulkChangeContacts(await getDb(), memberActor(member), body)),
  }),
});
