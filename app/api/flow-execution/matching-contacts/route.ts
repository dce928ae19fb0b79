import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { countMatchingContacts } from '@/lib/flows/matching-contacts';
import { matchingContactsBody } from '@/lib/flows/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/flow-execution/matching-contacts — how many contacts `contact_filters` match (the run form's live count).
  POST: endpoint({
    body: matchingContactsBody,
    handle: async ({ member, body }) => json(await countMatchingContacts(await getDb(), member.accountId, body)),
  }),
});
