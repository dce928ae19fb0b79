import type { WorkingHours } from '@/db/schema';

// The account's working hours are read on its own clock: days run 0 (Monday) to 6 (Sunday) and
// times are the wall-clock times of the account's `default_timezone`, so "09:00" opens at nine
// where the business is, summer time or not. A day not listed is closed, and a closing time before
// the opening time runs past midnight, into the next day's early hours; one equal to it keeps the
// day open for 24 hours (00:00–00:00 is the whole day: a time of day cannot be 24:00).

export type Clock = { year: number; month: number; day: number; weekday: number; time: string };

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    const options = { hourCycle: 'h23', weekday: 'short', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
    try {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // A zone this runtime does not know (the account's is checked when set) reads as UTC.
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `timeZone` at `at`. */
export function wallClock(at: Date, timeZone: string): Clock {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), weekday: WEEKDAYS.indexOf(parts.weekday),
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/** The instant at which `timeZone`'s clock shows this date and minute of the day (a time skipped by a clock change lands an hour later). */
export function zonedInstant(year: number, month: number, day: number, minuteOfDay: number, timeZone: string): Date {
  const asUtc = Date.UTC(year, month - 1, day) + minuteOfDay * 60_000;
  const offsetAt = (t: number) => {
    const c = wallClock(new Date(t), timeZone);
    const [h, m, s] = c.time.split(':').map(Number);
    return Date.UTC(c.year, c.month - 1, c.day, h, m, s) - t;
  };
  const first = asUtc - offsetAt(asUtc);
  const second = asUtc - offsetAt(first);
  // A time the clocks skip is shown by neither guess: it lands later by the change, as the comment above says.
  const shown = wallClock(new Date(second), timeZone);
  const [h, m] = shown.time.split(':').map(Number);
  if (Date.UTC(shown.year, shown.month - 1, shown.day, h, m) !== asUtc) return new Date(Math.max(first, second));
  return new Date(second);
}

/** Whether `at` falls outside the working hours, on the clock of `timeZone`. */
export function outsideWorkingHours(hours: WorkingHours, at: Date, timeZone = 'UTC'): boolean {
  const { weekday, time } = wallClock(at, timeZone);
  const span = (day: number) => {
    const entry = hours.find((h) => h.day === day);
    return entry?.is_open ? { open: normalise(entry.open_at), close: normalise(entry.close_at) } : null;
  };
  const today = span(weekday);
  if (today && time >= today.open && (today.close <= today.open || time < today.close)) return false;
  // Yesterday's span, when it closes before (or as) it opens, runs until its closing time this morning.
  const yesterday = span((weekday + 6) % 7);
  return !(yesterday && yesterday.close <= yesterday.open && time < yesterday.close);
}

function normalise(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}
