import { sql } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { databaseNow } from '@/lib/sql/clock';

// Dashboard sign-ins are limited per email address: after SIGN_IN_MAX_ATTEMPTS failed attempts
// (default 10) the address is refused, without its password being checked, until
// SIGN_IN_WINDOW_MINUTES (default 15) after the first attempt of the window. Each attempt is counted
// before the password is checked, in one statement, so attempts made side by side cannot slip past
// the limit together; a successful sign-in clears the count. Unknown addresses are counted the
// same way, so the answer tells nothing about which addresses exist. API keys are not affected.
//
// Counting per address rather than per client lets anyone who knows an address keep its owner out
// of the dashboard for a window at a time; counting per client would let an attacker with many
// addresses (or a forged X-Forwarded-For) guess on for ever. Locking the address is the safer of
// the two for a dashboard whose members are few and known.

export type SignInPolicy = { maxAttempts: number; windowSeconds: number };

function wholeNumber(name: string, fallback: number, max: number): number {
  const value = process.env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    throw new Error(`${name} must be a whole number from 0 (the limit off) to ${max}; got "${value}"`);
  }
  return n;
}

/** The configured policy, null when either setting is 0; throws on an unreadable value. */
export function signInPolicy(): SignInPolicy | null {
  const maxAttempts = wholeNumber('SIGN_IN_MAX_ATTEMPTS', 10, 1_000_000);
  const minutes = wholeNumber('SIGN_IN_WINDOW_MINUTES', 15, 10_080); // at most a week
  return maxAttempts && minutes ? { maxAttempts, windowSeconds: minutes * 60 } : null;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Counts an attempt for the address: null when it may go on to the password check, else the
 * seconds until it may try again. A window that has ended starts afresh. Rows of windows that have
 * ended go at the same time, so addresses tried once (unknown ones included) do not pile up: the
 * table holds at most the addresses tried within one window. `at` replaces the database's clock
 * (tests).
 */
export async function countSignInAttempt(db: Db, email: string, policy: SignInPolicy, at: Date | null = null): Promise<number | null> {
  const address = normalizeEmail(email);
  const [row] = await execRows<{ count: number; wait_ms: number }>(db, sql`
    with clock as (select ${databaseNow(at)} as now),
      ended as (
        delete from sign_in_attempts e using clock
        where e.first_attempt_on + make_interval(secs => ${policy.windowSeconds}) <= clock.now and e.email <> ${address}
      )
    insert into sign_in_attempts as t (email, first_attempt_on, count)
    select ${address}, clock.now, 1 from clock
    on conflict (email) do update set
      count = case when t.first_attempt_on + make_interval(secs => ${policy.windowSeconds}) <= excluded.first_attempt_on
        then 1 else t.count + 1 end,
      first_attempt_on = case when t.first_attempt_on + make_interval(secs => ${policy.windowSeconds}) <= excluded.first_attempt_on
        then excluded.first_attempt_on else t.first_attempt_on end
    returning count, ((extract(epoch from first_attempt_on) + ${policy.windowSeconds} - (select extract(epoch from now) from clock)) * 1000)::float8 as wait_ms`);
  if (Number(row.count) <= policy.maxAttempts) return null;
  return Math.max(1, Math.ceil(Number(row.wait_ms) / 1000));
}

/** After a successful sign-in: the address starts with a clean slate. */
export async function clearSignInAttempts(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from sign_in_attempts where email = ${normalizeEmail(email)}`);
}
