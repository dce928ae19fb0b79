import { z } from 'zod';
import { teamAssignmentStrategy } from '@/db/schema';
import { userRefList } from '@/lib/validation/fields';

/** `POST /api/team`, `PATCH /api/team/{id}` (partial). ADMIN only. */
export const teamSchema = z.object({
  name: z.string().trim().min(1).max(150),
  assignment_strategy: z.enum(teamAssignmentStrategy.enumValues).default('MANUAL'),
  members: userRefList.default([]).meta({ description: 'The team\'s members, as `[{id}]`.' }),
});
export const teamPatchSchema = z.object({
  name: z.string().trim().min(1).max(150),
  assignment_strategy: z.enum(teamAssignmentStrategy.enumValues),
  members: userRefList,
}).partial();
export type TeamInput = z.output<typeof teamSchema>;
export type TeamPatch = z.output<typeof teamPatchSchema>;
