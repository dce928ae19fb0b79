import { getServerSession } from 'next-auth';
import type { Member } from './member';
import { nextAuthOptions } from './next-auth-options';
import { sessionMember } from './resolve';

/**
 * The member signed in to the dashboard (server components), or null: a deactivated member, or
 * one whose sessions were ended, counts as signed out although the cookie is still there.
 */
export async function currentSessionMember(): Promise<Member | null> {
  const session = await getServerSession(nextAuthOptions()) as { uid?: number; epoch?: number } | null;
  if (!session) return null;
  return sessionMember(Number(session.uid), Number(session.epoch) || 0);
}
