const fmt = new Intl.NumberFormat('en-US');

/** Sent of total as a bar with the numbers beside it (the bar is decoration; the text says it). */
export function SentProgress({ sent, total, label }: { sent: number; total: number; label: string }) {
  const pct = total > 0 ? Math.min(100, (sent / total) * 100) : 0;
  return (
    <div className="min-w-36">
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={total} aria-valuenow={sent}
        aria-valuetext={`${fmt.format(sent)} of ${fmt.format(total)} sent`}
        className="h-2 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-indigo-600 transition-[width] duration-500" style={{ width: `${pct}%` }} />
      </div>
      <p className="mt-1 text-xs tabular-nums text-slate-600">
        <b className="font-medium text-slate-900">{fmt.format(sent)}</b> of {fmt.format(total)} sent
      </p>
    </div>
  );
}
