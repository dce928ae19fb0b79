import { afterAll, afterEach, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';

// The per-address sign-in limit against a real database (embedded, or the scratch Postgres of
// TEST_DATABASE_URL): attempts counted before the password check, side by side included; the
// wait until the window's end; a fresh window; a success clearing the count.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { sql } = await import('drizzle-orm');
const { clearSignInAttempts, countSignInAttempt, signInPolicy } = await import('./sign-in-attempts');
const { tooManyAttemptsMessage } = await import('./sign-in-message');

const policy = { maxAttempts: 3, windowSeconds: 900 };
let n = 0;
const address = () => `someone-${Date.now()}-${++n}@test.example`;

afterEach(() => {
  delete process.env.SIGN_IN_MAX_ATTEMPTS;
  delete process.env.SIGN_IN_WINDOW_MINUTES;
});

afterAll(async () => {
  await closeDatabase();
});

describe('signInPolicy', () => {
  it('defaults to 10 attempts in 15 minutes; 0 turns it off; anything else unreadable stops', () => {
    expect(signInPolicy()).toEqual({ maxAttempts: 10, windowSeconds: 900 });
    process.env.SIGN_IN_MAX_ATTEMPTS = '5';
    process.env.SIGN_IN_WINDOW_MINUTES = '60';
    expect(signInPolicy()).toEqual({ maxAttempts: 5, windowSeconds: 3600 });
    process.env.SIGN_IN_MAX_ATTEMPTS = '0';
    expect(signInPolicy()).toBeNull();
    process.env.SIGN_IN_MAX_ATTEMPTS = 'ten';
    expect(() => signInPolicy()).toThrow('SIGN_IN_MAX_ATTEMPTS must be a whole number from 0 (the limit off) to 1000000; got "ten"');
    process.env.SIGN_IN_MAX_ATTEMPTS = '-1';
    expect(() => signInPolicy()).toThrow(/SIGN_IN_MAX_ATTEMPTS/);
    process.env.SIGN_IN_MAX_ATTEMPTS = '10';
    process.env.SIGN_IN_WINDOW_MINUTES = '0';
    expect(signInPolicy()).toBeNull();
    process.env.SIGN_IN_WINDOW_MINUTES = '1000000000000';
    expect(() => signInPolicy()).toThrow('SIGN_IN_WINDOW_MINUTES must be a whole number from 0 (the limit off) to 10080; got "1000000000000"');
  });

  it('words the wait in whole minutes', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many failed sign-in attempts for this email. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(61)).toBe('Too many failed sign-in attempts for this email. Try again in 2 minutes.');
  });
});

describe('countSignInAttempt', () => {
  it('lets the first attempts through, then refuses until the window ends, then starts afresh', async () => {
    const db = await getDb();
    const email = address();
    const t0 = Date.parse('2030-01-01T10:00:00Z') + n * 3_600_000;
    const at = (s: number) => new Date(t0 + s * 1000);
    expect(await countSignInAttempt(db, email, policy, at(0))).toBeNull();
    expect(await countSignInAttempt(db, email, policy, at(10))).toBeNull();
    expect(await countSignInAttempt(db, email, policy, at(20))).toBeNull();
    expect(await countSignInAttempt(db, email, policy, at(30))).toBe(870);
    // The same address however it is written.
    expect(await countSignInAttempt(db, `  ${email.toUpperCase()} `, policy, at(899.5))).toBe(1);
    expect(await countSignInAttempt(db, email, policy, at(900))).toBeNull();
    expect(await countSignInAttempt(db, email, policy, at(901))).toBeNull();
  });

  it('starts with a clean slate after a successful sign-in', async () => {
    const db = await getDb();
    const email = address();
    for (let i = 0; i < 3; i++) expect(await countSignInAttempt(db, email, policy)).toBeNull();
    expect(await countSignInAttempt(db, email, policy)).toBeGreaterThan(890);
    await clearSignInAttempts(db, email.toUpperCase());
    expect(await countSignInAttempt(db, email, policy)).toBeNull();
  });

  it('clears the rows of windows that have ended as it counts', async () => {
    const db = await getDb();
    const [old, fresh] = [address(), address()];
    const t0 = Date.parse('2031-01-01T10:00:00Z') + n * 3_600_000;
    await countSignInAttempt(db, old, policy, new Date(t0));
    const rows = async (email: string) => (await execRows<{ n: number }>(db, sql`select count(*)::int as n from sign_in_attempts where email = ${email}`))[0].n;
    expect(await rows(old)).toBe(1);
    await countSignInAttempt(db, fresh, policy, new Date(t0 + 899_000));
    expect(await rows(old)).toBe(1);
    await countSignInAttempt(db, fresh, policy, new Date(t0 + 900_000));
    expect(await rows(old)).toBe(0);
    expect(await rows(fresh)).toBe(1);
  });

  it('lets no more attempts through side by side than one after another, and counts each address apart', async () => {
    const db = await getDb();
    const [a, b] = [address(), address()];
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => countSignInAttempt(db, i % 2 ? a : b, policy)));
    expect(outcomes.filter((o, i) => i % 2 === 1 && o === null)).toHaveLength(3);
    expect(outcomes.filter((o, i) => i % 2 === 0 && o === null)).toHaveLength(3);
  });
});
