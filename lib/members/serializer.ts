import type { z } from 'zod';
import type { users } from '@/db/schema';
import type { Group as GroupSchema, ShortUser } from '@/lib/openapi/schemas/common';
import type { AccountMember, Team as TeamSchema, User as UserSchema } from '@/lib/openapi/schemas/members';

// Users and account members; the shapes are the response schemas' (lib/openapi/schemas).

type User = typeof users.$inferSelect;
export type Group = z.output<typeof GroupSchema>;
export type Team = z.output<typeof TeamSchema>;
export type SerializedShortUser = z.output<typeof ShortUser>;
export type SerializedUser = z.output<typeof UserSchema>;
export type SerializedMember = z.output<typeof AccountMember>;

/** Embedded short form: creator of a note or an execution, default assignees, conversation assignees. */
export function serializeShortUser(u: { id: number; firstName?: string; first_name?: string; lastName?: string; last_name?: string; email: string }): SerializedShortUser {
  return {
    id: u.id,
    first_name: u.firstName ?? u.first_name ?? '',
    last_name: u.lastName ?? u.last_name ?? '',
    email: u.email,
  };
}

/** `GET /api/user` items. */
export function serializeUser(u: User, groups: Group[]): SerializedUser {
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
export function serializeMember(u: User, groups: Group[], teams: Team[]): SerializedMember {
  return {
    ...serializeUser(u, groups),
    teams,
    profile_image: u.profileImage,
    role: u.role,
    is_active: u.isActive,
    invitation_pending: u.passwordHash === null,
  };
}
