import { signIn } from 'next-auth/react';
import { DEACTIVATED_MESSAGE, SIGN_IN_FAILED, TOO_MANY_ATTEMPTS_PREFIX } from '@/lib/auth/sign-in-message';

/** Credentials sign-in without next-auth's redirect; returns an error message or null. */
export async function signInWithPassword(email: string, password: string): Promise<string | null> {
  try {
    const res = await signIn('credentials', { email, password, redirect: false });
    if (res?.ok && !res.error) return null;
    if (res?.error?.startsWith(TOO_MANY_ATTEMPTS_PREFIX) || res?.error === DEACTIVATED_MESSAGE) return res.error;
    if (res?.error === SIGN_IN_FAILED) return 'Sign-in failed. Please try again.';
    return res?.error === 'CredentialsSignin' || res?.status === 401
      ? 'Unable to sign in with the provided email and password.'
      : 'Sign-in failed. Please try again.';
  } catch {
    return 'Could not reach the server. Check your connection and try again.';
  }
}
