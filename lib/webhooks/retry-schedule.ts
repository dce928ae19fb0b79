// When a failed delivery is tried again: after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (eight
// attempts in all), each with up to ±10 % jitter so that a recovering receiver is not hit by every
// retry at once. A `Retry-After` answer (seconds or an HTTP date) is honoured when it asks for
// longer. WEBHOOK_RETRY_SCHEDULE (seconds, comma-separated) replaces the schedule, for tests.

const DEFAULT_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];

export function retrySchedule(): number[] {
  const custom = process.env.WEBHOOK_RETRY_SCHEDULE;
  if (!custom) return DEFAULT_SCHEDULE;
  const parsed = custom.split(',').map((s) => Number(s.trim())).filter((n) => Number.isFinite(n) && n >= 0);
  return parsed.length ? parsed : DEFAULT_SCHEDULE;
}

/** Total attempts a delivery gets: the first plus one per retry. */
export function maxAttempts(): number {
  return retrySchedule().length + 1;
}

export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Seconds until the next attempt after `attemptsMade` failed attempts, or null when none is left.
 * Retry-After is honoured up to the longest step of the schedule.
 */
export function nextDelaySeconds(attemptsMade: number, retryAfter: number | null, random = Math.random): number | null {
  const schedule = retrySchedule();
  const base = schedule[attemptsMade - 1];
  if (base === undefined) return null;
  const jittered = base * (1 + (random() * 0.2 - 0.1));
  const wanted = retryAfter === null ? jittered : Math.max(jittered, Math.min(retryAfter, Math.max(...schedule)));
  return Math.max(0, Math.round(wanted * 1000) / 1000);
}
