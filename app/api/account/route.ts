import { getDb } from '@/db';
import { getAccount } from '@/lib/accounts/service';
import { serializeAccount } from '@/lib/accounts/serializer';
import { updateAccount } from '@/lib/accounts/update';
import { accountPatchSchema } from '@/lib/accounts/validation';
import { NotFoundError } from '@/lib/api/errors';
import { endpoint, json, methods } from '@/lib/api/handler';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/account — the caller's account and its settings.
  GET: endpoint({
    handle: async ({ member }) => {
      const account = await getAccount(await getDb(), member.accountId);
      if (!account) throw new NotFoundError();
      return json(serializeAccount(account));
    },
  }),
  // PATCH /api/account — change settings. ADMIN only.
  PATCH: endpoint({
    roles: ['ADMIN'],
    body: accountPatchSchema,
    handle: async ({ member, body }) => json(serializeAccount(await updateAccount(await getDb(), member.accountId, body))),
  }),
});
