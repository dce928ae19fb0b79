import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { createTeam, listTeams } from '@/lib/teams/service';
import { teamSchema } from '@/lib/teams/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/team — the account's teams with their members, as a bare array.
  GET: endpoint({ handle: async ({ member }) => json(await listTeams(await getDb(), member.accountId)) }),
  // POST /api/team — ADMIN only.
  POST: endpoint({
    roles: ['ADMIN'],
    body: teamSchema,
    handle: async ({ member, body }) => json(await createTeam(await getDb(), member.accountId, body), 201),
  }),
});
