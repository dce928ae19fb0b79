// A `<input type="datetime-local">` holds a wall-clock time with no zone ("2025-06-01T09:30"); the
// API takes an instant. A zone turns one into the other: the account's `default_timezone` when
// given (the dashboard shows times in it), else the browser's own.

const p = (n: number) => String(n).padStart(2, '0');

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number; ms: number };

/** The wall-clock fields of an instant in a zone (the browser's when none, or when the zone is unknown). */
function wallIn(d: Date, timeZone?: string): Wall {
  if (timeZone) {
    try {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
      }).formatToParts(d);
      const get = (type: string) => Number(parts.find((x) => x.type === type)?.value);
      return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second'), ms: d.getMilliseconds() };
    } catch {
      /* an unknown zone: the browser's */
    }
  }
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes(), second: d.getSeconds(), ms: d.getMilliseconds() };
}

const wallAsUtc = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);

/** The instant at which the zone's clocks show `w`; a time skipped by a clock change moves forward by the change. */
function instantOf(w: Wall, timeZone?: string): Date {
  if (!timeZone) return new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);
  const target = wallAsUtc(w);
  // The zone's offset at a first guess, then at the corrected instant, settles on the right side of a clock change.
  const first = target - (wallAsUtc(wallIn(new Date(target), timeZone)) - target);
  const second = target - (wallAsUtc(wallIn(new Date(first), timeZone)) - first);
  // A time the clocks skip (02:30 as they spring forward) is shown by neither: it moves forward by the change.
  if (wallAsUtc(wallIn(new Date(second), timeZone)) !== target) return new Date(Math.max(first, second));
  return new Date(second);
}

/** `YYYY-MM-DDTHH:mm` as a datetime-local input wants it, in `timeZone` (the browser's when none). */
export function localInputValue(d: Date, timeZone?: string): string {
  const w = wallIn(d, timeZone);
  return `${w.year}-${p(w.month)}-${p(w.day)}T${p(w.hour)}:${p(w.minute)}`;
}

/** The input's time in `timeZone` (the browser's when none) as an ISO instant (UTC), or null when it is empty or not a time. */
export function localInputToIso(value: string, timeZone?: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0));
  const ms = m[7] ? Math.round(Number(m[7]) * 1000) : 0;
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Out-of-range fields (month 13, hour 99) would roll over silently; they are not a time.
  if (Number.isNaN(probe.getTime()) || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day
    || probe.getUTCHours() !== hour || probe.getUTCMinutes() !== minute) return null;
  const d = instantOf({ year, month, day, hour, minute, second, ms }, timeZone);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The next whole hour (in `timeZone`, the browser's when none) at least `leadMinutes` from now: a sensible default for "send later". */
export function nextHour(now: Date, leadMinutes = 30, timeZone?: string): Date {
  const w = wallIn(new Date(now.getTime() + leadMinutes * 60_000), timeZone);
  const hour = instantOf({ ...w, minute: 0, second: 0, ms: 0 }, timeZone);
  return new Date(hour.getTime() + 3_600_000);
}

/** The zone's short name at an instant ("GMT+14", "EST"), for labelling a time entered in it. */
export function zoneLabel(timeZone: string | undefined, at = new Date()): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at)
      .find((x) => x.type === 'timeZoneName')?.value;
    const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    return name && name !== zone ? `${zone}, ${name}` : zone;
  } catch {
    return timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  }
}
