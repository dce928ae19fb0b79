import { getDb } from '@/db';
import { endpoint, json, methods, noContent, type Lookup } from '@/lib/api/handler';
import { deleteTeam, getTeam, getTeamRow, updateTeam } from '@/lib/teams/service';
import { teamPatchSchema } from '@/lib/teams/validation';

const params = { id: 'int' } as const;
const lookup: Lookup<typeof params> = async ({ member, params }) => getTeamRow(await getDb(), member.accountId, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/team/{id}
  GET: endpoint({ params, handle: async ({ member, params }) => json(await getTeam(await getDb(), member.accountId, params.id)) }),
  // PATCH /api/team/{id} — name, strategy, members (the list replaces the current one). ADMIN only.
  PATCH: endpoint({
    roles: ['ADMIN'],
    params,
    lookup,
    body: teamPatchSchema,
    handle: async ({ member, params, body }) => json(await updateTeam(await getDb(), member.accountId, params.id, body)),
  }),
  // DELETE /api/team/{id} — its conversations keep their assignees. ADMIN only.
  DELETE: endpoint({
    roles: ['ADMIN'],
    params,
    handle: async ({ member, params }) => {
      await deleteTeam(await getDb(), member.accountId, params.id);
      return noContent();
    },
  }),
});
