import { getDb } from '@/db';
import { NotFoundError } from '@/lib/api/errors';
import { endpoint, json, methods, type Lookup } from '@/lib/api/handler';
import { updateMember } from '@/lib/members/manage';
import { getMember, getMemberProfile } from '@/lib/members/service';
import { updateMemberSchema } from '@/lib/members/validation';

const params = { id: 'int' } as const;
const lookup: Lookup<typeof params> = async ({ member, params }) => getMember(await getDb(), member.accountId, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/account-member/{id}
  GET: endpoint({
    params,
    handle: async ({ member, params }) => {
      const found = await getMemberProfile(await getDb(), member.accountId, params.id);
      if (!found) throw new NotFoundError();
      return json(found);
    },
  }),
  // PATCH /api/account-member/{id} — names, role, deactivate or reactivate. ADMIN only.
  PATCH: endpoint({
    roles: ['ADMIN'],
    params,
    lookup,
    body: updateMemberSchema,
    handle: async ({ member, params, body }) => json(await updateMember(await getDb(), member.accountId, params.id, body)),
  }),
});
