'use client';

const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A timestamp in the viewer's locale and zone; the exact ISO value on hover. */
export function DateTime({ value, date = false, fallback = '—' }: { value: string | null | undefined; date?: boolean; fallback?: string }) {
  if (!value) return <span className="text-slate-400">{fallback}</span>;
  const d = new Date(value);
  return <time dateTime={value} title={d.toISOString()}>{(date ? dateOnly : full).format(d)}</time>;
}
