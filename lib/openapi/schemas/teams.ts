import { z } from 'zod';
import { teamAssignmentStrategies } from '@/db/schema/enum-values';
import { id, ShortUser } from './common';
import { named } from './named';

// Teams with their members: lib/teams/serializer.ts returns them.

export const TeamDetail = named('TeamDetail', z.object({
  id: id(),
  name: z.string(),
  assignment_strategy: z.enum(teamAssignmentStrategies).meta({
    description: 'How new inbound conversations given to the team are assigned: MANUAL (to the team only), '
      + 'ROUND_ROBIN (active members in turn), LEAST_BUSY (the active member with the fewest open conversations).',
  }),
  members: z.array(ShortUser),
  is_default: z.boolean().meta({ description: 'Whether this is the account\'s default team for new inbound conversations.' }),
}));
