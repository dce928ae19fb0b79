'use client';
import { useMemo } from 'react';
import { useMe } from '@/lib/client/me';

function formats(timeZone?: string) {
  const make = (zone?: string) => ({
    time: new Intl.DateTimeFormat(undefined, { timeZone: zone, hour: '2-digit', minute: '2-digit' }),
    day: new Intl.DateTimeFormat(undefined, { timeZone: zone, month: 'short', day: 'numeric' }),
    dayKey: new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }),
    full: new Intl.DateTimeFormat(undefined, { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }),
  });
  try {
    return make(timeZone);
  } catch {
    return make();
  }
}

/**
 * Minutes ago within the hour, then the time for today and the date before, both in the account's
 * time zone (its `default_timezone`, as `<DateTime>`); the exact time on hover.
 */
export function RelativeTime({ value }: { value: string | null }) {
  const timeZone = useMe().data?.account.default_timezone;
  const f = useMemo(() => formats(timeZone), [timeZone]);
  if (!value) return null;
  const d = new Date(value);
  const minutes = Math.round((Date.now() - d.getTime()) / 60_000);
  const today = f.dayKey.format(d) === f.dayKey.format(new Date());
  const text = minutes < 1 ? 'now' : minutes < 60 ? `${minutes} min` : minutes < 24 * 60 && today ? f.time.format(d) : f.day.format(d);
  return <time dateTime={value} title={`${f.full.format(d)}${timeZone ? ` (${timeZone})` : ''}`}>{text}</time>;
}
