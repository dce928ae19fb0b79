// Shared by the server's sign-in (next-auth-options.ts) and the sign-in form, which shows this
// message as next-auth hands it back; kept apart from sign-in-attempts.ts, which the browser must
// not load.

export const TOO_MANY_ATTEMPTS_PREFIX = 'Too many failed sign-in attempts';

/** next-auth's `error` when signing in failed for another reason than the credentials (logged on the server). */
export const SIGN_IN_FAILED = 'SignInFailed';

/**
 * What a deactivated member who gave the right password is told (only then: to anyone else the
 * address stays indistinguishable from an unknown one).
 */
export const DEACTIVATED_MESSAGE = 'Your access to this account was removed: ask one of its admins to reactivate you.';

/** What the sign-in form shows while an address is refused. */
export function tooManyAttemptsMessage(waitSeconds: number): string {
  const minutes = Math.ceil(waitSeconds / 60);
  return `${TOO_MANY_ATTEMPTS_PREFIX} for this email. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
