import { z } from 'zod';
import { accountPatchSchema } from '@/lib/accounts/validation';
import {
  addMemberSchema, memberLinkQuery, memberLinkUseSchema, passwordChangeSchema, profileSchema, updateMemberSchema,
} from '@/lib/members/validation';
import { teamPatchSchema, teamSchema } from '@/lib/teams/validation';
import { Account } from '../schemas/dashboard';
import { AccountMember, MemberLink, MemberLinkInfo, MemberLinkUsed, NewAccountMember } from '../schemas/members';
import { TeamDetail } from '../schemas/teams';
import type { ResourceDoc } from '../operation';

const account = ['Account'];
const members = ['Account members'];
const teams = ['Teams'];
const id = { id: { kind: 'int' as const, description: 'Id.' } };

export const accountDoc: ResourceDoc = {
  tags: [
    { name: 'Account', description: 'The caller\'s account settings: working hours, after-hours reply, auto-close, visibility of conversations.' },
    { name: 'Teams', description: 'Teams of members and how new inbound conversations given to a team are assigned.' },
  ],
  operations: [
    {
      method: 'get', path: '/api/account', operationId: 'account_retrieve', tags: account,
      summary: 'The account and its settings',
      responses: { 200: { description: 'The account.', schema: Account } },
    },
    {
      method: 'patch', path: '/api/account', operationId: 'account_partial_update', tags: account, roles: ['ADMIN'],
      summary: 'Change account settings',
      description: 'Any subset of the settings. `working_hours` days run 0 (Monday) to 6 (Sunday), times of day on the clock of `default_timezone`; '
        + 'a day not listed is closed. `should_autoclose_conversations` needs `autoclose_conversations_after` (hours). ADMIN only.',
      body: { schema: accountPatchSchema, name: 'AccountPatchRequest', example: { default_timezone: 'Europe/Lisbon', agents_can_see_all_conversations: false } },
      responses: { 200: { description: 'The account as changed.', schema: Account } },
    },
    {
      method: 'post', path: '/api/account-member', operationId: 'account_member_create', tags: members, roles: ['ADMIN'],
      summary: 'Add a member',
      description: 'With `password`, the member can sign in at once; without, the answer\'s `invitation_url` (shown this once, '
        + 'valid 7 days) lets them choose one. ADMIN only.',
      body: { schema: addMemberSchema, name: 'AccountMemberCreateRequest', required: true, example: { email: 'sam@example.com', first_name: 'Sam', role: 'AGENT' } },
      responses: { 201: { description: 'The member, with the invitation link when no password was given.', schema: NewAccountMember } },
    },
    {
      method: 'get', path: '/api/account-member/{id}', operationId: 'account_member_retrieve', tags: members, params: id,
      summary: 'One account member',
      responses: { 200: { description: 'The member.', schema: AccountMember } },
    },
    {
      method: 'patch', path: '/api/account-member/{id}', operationId: 'account_member_partial_update', tags: members, params: id, roles: ['ADMIN'],
      summary: 'Change a member: names, role, deactivate or reactivate',
      description: 'A deactivated member cannot sign in, their sessions end and their API keys are refused from the next '
        + 'request; their conversations stay. The last active admin cannot be demoted or deactivated. ADMIN only.',
      body: { schema: updateMemberSchema, name: 'AccountMemberPatchRequest', example: { is_active: false } },
      responses: { 200: { description: 'The member as changed.', schema: AccountMember } },
    },
    {
      method: 'post', path: '/api/account-member/{id}/reset-link', operationId: 'account_member_reset_link', tags: members, params: id, roles: ['ADMIN'],
      summary: 'Create a password-reset link for a member',
      description: 'The link is shown this once and works once, for 24 hours; with `SMTP_URL` set it is also emailed. ADMIN only.',
      responses: { 201: { description: 'The link.', schema: MemberLink } },
    },
    {
      method: 'get', path: '/api/member-link', operationId: 'member_link_retrieve', tags: members, auth: false,
      summary: 'Whom an invitation or reset link is for',
      description: 'A used, expired or unknown token is a 404.',
      query: memberLinkQuery, queryDescriptions: { token: 'The `token` of the link.' }, errors: [404],
      responses: { 200: { description: 'The link\'s member.', schema: MemberLinkInfo } },
    },
    {
      method: 'post', path: '/api/member-link', operationId: 'member_link_use', tags: members, auth: false,
      summary: 'Choose a password through an invitation or reset link',
      description: 'Works once; every session of the member ends.', errors: [404],
      body: { schema: memberLinkUseSchema, name: 'MemberLinkUseRequest', required: true },
      responses: { 200: { description: 'The password was set; sign in with it.', schema: MemberLinkUsed } },
    },
    {
      method: 'patch', path: '/api/me', operationId: 'me_partial_update', tags: ['Dashboard'],
      summary: 'Change one\'s own profile (names, profile image URL)',
      body: { schema: profileSchema, name: 'ProfilePatchRequest' },
      responses: { 200: { description: 'The member as changed.', schema: AccountMember } },
    },
    {
      method: 'post', path: '/api/me/password', operationId: 'me_password_change', tags: ['Dashboard'],
      summary: 'Change one\'s own password',
      description: 'Needs the current password. Every session of the member ends (sign in again); API keys keep working.',
      body: { schema: passwordChangeSchema, name: 'PasswordChangeRequest', required: true },
      responses: { 204: { description: 'Changed.' } },
    },
    {
      method: 'get', path: '/api/team', operationId: 'team_list', tags: teams,
      summary: 'List teams', description: 'Every team of the account with its members, as a bare array, by name.',
      responses: { 200: { description: 'The teams.', schema: z.array(TeamDetail) } },
    },
    {
      method: 'post', path: '/api/team', operationId: 'team_create', tags: teams, roles: ['ADMIN'],
      summary: 'Create a team', description: 'ADMIN only. Make it the default team with `PATCH /api/account` (`default_team`).',
      body: { schema: teamSchema, name: 'TeamCreateRequest', required: true, example: { name: 'Support', assignment_strategy: 'ROUND_ROBIN', members: [{ id: 2 }] } },
      responses: { 201: { description: 'The team.', schema: TeamDetail } },
    },
    {
      method: 'get', path: '/api/team/{id}', operationId: 'team_retrieve', tags: teams, params: id,
      summary: 'One team', responses: { 200: { description: 'The team.', schema: TeamDetail } },
    },
    {
      method: 'patch', path: '/api/team/{id}', operationId: 'team_partial_update', tags: teams, params: id, roles: ['ADMIN'],
      summary: 'Change a team', description: '`members`, when sent, replaces the current list. ADMIN only.',
      body: { schema: teamPatchSchema, name: 'TeamPatchRequest' },
      responses: { 200: { description: 'The team as changed.', schema: TeamDetail } },
    },
    {
      method: 'delete', path: '/api/team/{id}', operationId: 'team_destroy', tags: teams, params: id, roles: ['ADMIN'],
      summary: 'Delete a team', description: 'Conversations keep their assignees. ADMIN only.',
      responses: { 204: { description: 'Deleted.' } },
    },
  ],
};
