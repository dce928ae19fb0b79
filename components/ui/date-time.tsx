'use client';
import { useMemo } from 'react';
import { zoneLabel } from '@/lib/client/local-datetime';
import { useMe } from '@/lib/client/me';

/**
 * A timestamp in the viewer's locale and the account's time zone (its `default_timezone`; the
 * browser's until the account is loaded), with the zone named; the exact ISO value on hover.
 */
export function DateTime({ value, date = false, fallback = '—', zone = false }: {
  value: string | null | undefined; date?: boolean; fallback?: string;
  /** Name the zone beside the time (for times someone chose, such as a schedule). */
  zone?: boolean;
}) {
  const timeZone = useMe().data?.account.default_timezone;
  const format = useMemo(() => {
    try {
      return new Intl.DateTimeFormat(undefined, date ? { dateStyle: 'medium', timeZone } : { dateStyle: 'medium', timeStyle: 'short', timeZone });
    } catch {
      return new Intl.DateTimeFormat(undefined, date ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' });
    }
  }, [date, timeZone]);
  if (!value) return <span className="text-slate-500">{fallback}</span>;
  const d = new Date(value);
  return (
    <time dateTime={value} title={`${d.toISOString()}${timeZone ? ` (shown in ${timeZone})` : ''}`}>
      {format.format(d)}{zone && !date && <span className="text-slate-500"> ({zoneLabel(timeZone, d)})</span>}
    </time>
  );
}
