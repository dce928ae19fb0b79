import type { z } from 'zod';
import { getDb } from '@/db';
import { getAccount } from '@/lib/accounts/service';
import { serializeAccount } from '@/lib/accounts/serializer';
import { endpoint, json, methods } from '@/lib/api/handler';
import { NotFoundError } from '@/lib/api/errors';
import { getMemberProfile } from '@/lib/members/service';
import { updateProfile } from '@/lib/members/profile';
import { profileSchema } from '@/lib/members/validation';
import type { Me } from '@/lib/openapi/schemas/dashboard';

// GET /api/me — the signed-in member and their account (dashboard shell).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: endpoint({
    handle: async ({ member }) => {
      const db = await getDb();
      const [user, account] = await Promise.all([getMemberProfile(db, member.accountId, member.userId), getAccount(db, member.accountId)]);
      if (!user || !account) throw new NotFoundError();
      return json({ user, account: serializeAccount(account) } satisfies z.output<typeof Me>);
    },
  }),
  // PATCH /api/me — one's own names and profile image.
  PATCH: endpoint({
    body: profileSchema,
    handle: async ({ member, body }) => json(await updateProfile(await getDb(), member.accountId, member.userId, body)),
  }),
});
