import type { users } from '@/db/schema';

type User = typeof users.$inferSelect;
export type Group = { id: number; name: string };
export type Team = { id: number; name: string; assignment_strategy: string };

/** Embedded short form: creator of a note or an execution, default assignees, conversation assignees. */
export function serializeShortUser(u: { id: number; firstName?: string; first_name?: string; lastName?: string; last_name?: string; email: string }) {
  return {
    id: u.id,
    first_name: u.firstName ?? u.first_name ?? '',
    last_name: u.lastName ?? u.last_name ?? '',
    email: u.email,
  };
}

/** `GET /api/user` items. */
export function serializeUser(u: User, groups: Group[]) {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    account: u.accountId,
    groups,
    date_joined: u.dateJoined.toISOString(),
  };
}

/** `GET /api/account-member` items: the user form plus teams, profile image and role. */
export function serializeMember(u: User, groups: Group[], teams: Team[]) {
  return {
    ...serializeUser(u, groups),
    teams,
    profile_image: u.profileImage,
    role: u.role,
  };
}
