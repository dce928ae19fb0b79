// When a transiently failing send is tried again: after 5 s, 30 s, 2 min, 10 min and 30 min, with
// ±10 % jitter, then it fails. MESSAGE_RETRY_SCHEDULE (seconds, comma-separated) replaces it, for
// tests. A throttled send is never given up: it is tried again after the schedule's first delay,
// doubling up to a minute, while the channel itself slows down (lib/channels/pace.ts).
const DEFAULT_SCHEDULE = [5, 30, 120, 600, 1800];

export function messageRetrySchedule(): number[] {
  const custom = process.env.MESSAGE_RETRY_SCHEDULE;
  if (!custom) return DEFAULT_SCHEDULE;
  const parsed = custom.split(',').map((s) => Number(s.trim())).filter((n) => Number.isFinite(n) && n >= 0);
  return parsed.length ? parsed : DEFAULT_SCHEDULE;
}

/** Seconds before retry number `failedAttempts` (1-based), or null when none is left. */
export function messageRetryDelay(failedAttempts: number, random = Math.random): number | null {
  const base = messageRetrySchedule()[failedAttempts - 1];
  if (base === undefined) return null;
  return Math.max(1, Math.round(base * (1 + (random() * 0.2 - 0.1))));
}

const THROTTLE_MAX_DELAY_S = 60;

/** Seconds before a throttled send is tried again (there is always a next time). */
export function throttleRetryDelay(failedAttempts: number, random = Math.random): number {
  const base = Math.min(messageRetrySchedule()[0] * 2 ** Math.max(0, failedAttempts - 1), THROTTLE_MAX_DELAY_S);
  return Math.max(1, Math.round(base * (1 + (random() * 0.2 - 0.1))));
}
