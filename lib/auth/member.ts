import { memberRole } from '@/db/schema';

export type Role = (typeof memberRole.enumValues)[number];

/** Who is calling: an account member, reached through an API key or a dashboard session. */
export type Member = {
  userId: number;
  accountId: number;
  role: Role;
  via: 'key' | 'session';
};
