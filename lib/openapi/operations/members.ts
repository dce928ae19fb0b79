import { z } from 'zod';
import { memberListBody, USER_FILTER_FIELDS, USER_ORDERING_FIELDS, userListQuery } from '@/lib/members/validation';
import { AccountMember, User } from '../schemas/members';
import type { ResourceDoc } from '../operation';

const LOOKUP_TEXT: Record<string, string> = {
  icontains: 'contains, case-insensitive',
  iendswith: 'ends with, case-insensitive',
  iexact: 'equals, case-insensitive',
  istartswith: 'starts with, case-insensitive',
};

const userFilterDescriptions = Object.fromEntries(USER_FILTER_FIELDS.flatMap((field) => [
  ...Object.entries(LOOKUP_TEXT).map(([lookup, text]) => [`${field}__${lookup}`, `\`${field}\` ${text}.`]),
  [`${field}__isnull`, `\`true\`: only users with no \`${field}\` value; \`false\`: only users with one.`],
]));

export const membersDoc: ResourceDoc = {
  tags: [
    { name: 'Account members', description: 'The members of the caller\'s account; listing them is the test request that checks a token.' },
    { name: 'Users', description: 'Users of the caller\'s account, with Django-style lookups.' },
  ],
  operations: [
    {
      method: 'get', path: '/api/account-member', operationId: 'account_member_list', tags: ['Account members'],
      summary: 'Test request: list account members',
      description: 'The account\'s members as a bare array, oldest first. `page` and `page_size` are optional and may '
        + 'be sent in the query string or in a JSON body on the GET request '
        + '(`{"page": 1, "page_size": 50}`; an unparseable body is ignored); without `page_size` every member is '
        + 'returned. The body is not declared here because browsers, and so the interactive reference, cannot send '
        + 'a body with GET.',
      query: memberListBody,
      queryDescriptions: { page: 'Page number (1-based); used with `page_size`.', page_size: 'Members per page.' },
      responses: { 200: { description: 'The account members.', schema: z.array(AccountMember) } },
    },
    {
      method: 'get', path: '/api/user', operationId: 'user_list', tags: ['Users'],
      summary: 'List users',
      description: 'Users of the caller\'s account as a bare array. Every filter given must match.',
      query: userListQuery,
      queryDescriptions: {
        ...userFilterDescriptions,
        ordering: `Comma-separated fields among ${USER_ORDERING_FIELDS.map((f) => `\`${f}\``).join(', ')}; prefix `
          + '`-` for descending. Unknown fields are ignored; ties are ordered by `id`.',
        search: 'Case-insensitive match on first name, last name or email.',
      },
      responses: { 200: { description: 'The users.', schema: z.array(User) } },
    },
  ],
};
