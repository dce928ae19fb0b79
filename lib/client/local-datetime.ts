// A `<input type="datetime-local">` holds a wall-clock time with no zone ("2025-06-01T09:30"); the
// API takes an instant. The browser's own zone turns one into the other.

/** `YYYY-MM-DDTHH:mm` in the viewer's zone, as a datetime-local input wants it. */
export function localInputValue(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The input's local time as an ISO instant (UTC), or null when it is empty or not a time. */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const d = new Date(value); // a date-time without an offset is read as local time
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The next whole hour at least `leadMinutes` from now: a sensible default for "send later". */
export function nextHour(now: Date, leadMinutes = 30): Date {
  const d = new Date(now.getTime() + leadMinutes * 60_000);
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  return d;
}
