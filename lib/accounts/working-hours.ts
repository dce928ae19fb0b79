import type { WorkingHours } from '@/db/schema';

/**
 * Whether `at` falls outside the account's working hours. Days run 0 (Monday) to 6 (Sunday) and
 * times are UTC, as the account object's `time` fields are; a day not listed is closed, and a
 * closing time before the opening time runs past midnight.
 */
export function outsideWorkingHours(hours: WorkingHours, at: Date): boolean {
  const day = (at.getUTCDay() + 6) % 7;
  const entry = hours.find((h) => h.day === day);
  if (!entry || !entry.is_open) return true;
  const t = at.toISOString().slice(11, 19);
  const open = normalise(entry.open_at);
  const close = normalise(entry.close_at);
  const inside = open < close ? t >= open && t < close : t >= open || t < close;
  return !inside;
}

function normalise(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}
