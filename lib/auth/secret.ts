import { persistedSecret } from '@/lib/secrets/persisted-secret';

/**
 * The session-signing secret: NEXTAUTH_SECRET when set; otherwise one generated on first start and
 * kept under .data/, so a fresh checkout works and sessions survive restarts.
 */
export function authSecret(): string {
  return process.env.NEXTAUTH_SECRET || persistedSecret('auth-secret');
}
