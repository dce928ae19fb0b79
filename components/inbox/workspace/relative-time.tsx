'use client';

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** Minutes and hours ago for today, the date before; the exact time on hover. */
export function RelativeTime({ value }: { value: string | null }) {
  if (!value) return null;
  const d = new Date(value);
  const minutes = Math.round((Date.now() - d.getTime()) / 60_000);
  const text = minutes < 1 ? 'now' : minutes < 60 ? `${minutes} min` : minutes < 24 * 60 && d.getDate() === new Date().getDate()
    ? time.format(d) : day.format(d);
  return <time dateTime={value} title={d.toLocaleString()}>{text}</time>;
}
