import { z } from 'zod';
import { memberRoles, teamAssignmentStrategies } from '@/db/schema/enum-values';
import { dateTime, Group, id } from './common';
import { named } from './named';

// Users and account members: lib/members/serializer.ts returns them (see common.ts).

export const Team = named('Team', z.object({
  id: id(),
  name: z.string(),
  assignment_strategy: z.enum(teamAssignmentStrategies),
}));

const userFields = {
  id: id(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.email(),
  account: id().meta({ description: 'Account id.' }),
  groups: z.array(Group),
  date_joined: dateTime(),
};

export const User = named('User', z.object(userFields));

export const AccountMember = named('AccountMember', z.object({
  ...userFields,
  teams: z.array(Team),
  profile_image: z.string().nullable().meta({ description: 'URL of the profile image, or null.' }),
  role: z.enum(memberRoles),
}));
