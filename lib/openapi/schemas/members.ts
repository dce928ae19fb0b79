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
  is_active: z.boolean().meta({ description: 'False once an admin deactivated the member: they cannot sign in and their API keys are refused.' }),
  invitation_pending: z.boolean().meta({ description: 'True while a member added with an invitation link has not chosen a password yet.' }),
}));

export const NewAccountMember = named('NewAccountMember', AccountMember.extend({
  invitation_url: z.url().nullable().meta({ description: 'Set-password link for the new member, shown this once; null when a password was given.' }),
  invitation_expires_on: z.iso.datetime().nullable(),
}));

export const MemberLink = named('MemberLink', z.object({
  url: z.url().meta({ description: 'The link, shown this once: the member chooses a new password through it.' }),
  expires_on: z.iso.datetime(),
  emailed: z.boolean().meta({ description: 'Whether the link was also emailed to the member (only when SMTP_URL is set).' }),
}));

export const MemberLinkInfo = named('MemberLinkInfo', z.object({
  purpose: z.enum(['INVITE', 'RESET']),
  email: z.email(),
  first_name: z.string(),
  expires_on: z.iso.datetime(),
}));

export const MemberLinkUsed = named('MemberLinkUsed', z.object({ email: z.email() }));
