import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { bulkChangeContacts } from '@/lib/contacts/bulk';
import { contactBulkSchema } from '@/lib/contacts/validation';
import { refuseOptInByAgent } from '@/lib/opt-out/marketing';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/contact/bulk — one change (tag, attribute, opt out or in, delete, restore) to contacts by id or by the list's filters.
  POST: endpoint({
    body: contactBulkSchema,
    handle: async ({ member, body }) => {
      refuseOptInByAgent(member, body.action === 'opt_in');
      return json(await bulkChangeContacts(await getDb(), { accountId: member.accountId, userId: member.userId }, body));
    },
  }),
});
