import type { WorkingHours } from '@/db/schema';
import { outsideWorkingHours, wallClock, zonedInstant } from '@/lib/accounts/working-hours';
import type { Step } from './context';

// When waits end: a QUESTION's `max_wait_time` (else the 24-hour expiry), a DELAY's duration,
// date-time, next opening of its time windows or of the account's working hours, both on the
// account's clock (its default_timezone), as the business that wrote them reads a clock.

export const ANSWER_EXPIRY_MS = 24 * 3600 * 1000;
const UNIT_MS = { SECOND: 1000, MINUTE: 60_000, HOUR: 3_600_000, DAY: 86_400_000 } as const;

export function waitEnd(step: Step, now: Date): Date {
  if (step.has_max_wait_time && step.max_wait_time_amount > 0) {
    return new Date(now.getTime() + step.max_wait_time_amount * UNIT_MS[step.max_wait_time_unit]);
  }
  return new Date(now.getTime() + ANSWER_EXPIRY_MS);
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The first moment at or after `now` inside one of the windows (day 0 = Sunday), on the clock of
 * `timeZone`.
 */
export function nextInWindows(windows: Step['time_windows'], now: Date, timeZone = 'UTC'): Date {
  const today = wallClock(now, timeZone);
  for (let d = 0; d < 8; d++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + d));
    const at = (hhmm: string) => zonedInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), minutes(hhmm), timeZone);
    const starts = windows.filter((w) => w.day === date.getUTCDay()).map((w) => {
      const open = at(w.open_at);
      const close = at(w.close_at);
      if (now >= open && now < close) return now;
      return open >= now ? open : null;
    }).filter((x): x is Date => x !== null).sort((a, b) => a.getTime() - b.getTime());
    if (starts.length) return starts[0];
  }
  return now;
}

/** The account's working hours and the zone they are read in; null when it has them off (always open). */
export type AccountHours = { hours: WorkingHours; timeZone: string } | null;

/**
 * The first moment at or after `now` inside the account's working hours (day 0 = Monday, on the
 * account's clock): now, or the next opening time. Without working hours every moment is inside.
 */
export function nextInWorkingHours(account: AccountHours, now: Date): Date {
  if (!account || !outsideWorkingHours(account.hours, now, account.timeZone)) return now;
  const { hours, timeZone } = account;
  const today = wallClock(now, timeZone);
  for (let d = 0; d < 8; d++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + d));
    const weekday = (date.getUTCDay() + 6) % 7;
    const opens = hours.filter((h) => h.is_open && h.day === weekday)
      .map((h) => zonedInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), minutes(h.open_at), timeZone))
      .filter((t) => t > now && !outsideWorkingHours(hours, t, timeZone)).sort((a, b) => a.getTime() - b.getTime());
    if (opens.length) return opens[0];
  }
  return now;
}

/** The account's clock, and its working hours when it has them on (`workingHours` null: always open). */
export type AccountClock = { timeZone: string; workingHours: AccountHours };

export function delayEnd(step: Step, now: Date, account: AccountClock = { timeZone: 'UTC', workingHours: null }): Date {
  if (step.delay_type === 'WORKING_HOURS') return nextInWorkingHours(account.workingHours, now);
  if (step.delay_type === 'UNTIL' && step.delay_until) return new Date(step.delay_until);
  if (step.delay_type === 'TIME_WINDOW') return nextInWindows(step.time_windows, now, account.timeZone);
  return new Date(now.getTime() + step.delay_amount * UNIT_MS[step.delay_unit]);
}
