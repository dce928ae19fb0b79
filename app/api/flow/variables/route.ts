import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { contactVariables } from '@/lib/flows/variable-suggestions';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/flow/variables — the contact fields and the account's meta keys a step's texts can name.
  GET: endpoint({
    handle: async ({ member }) => json(await contactVariables(await getDb(), member.accountId)),
  }),
});
