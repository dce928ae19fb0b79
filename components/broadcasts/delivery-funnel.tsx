import { formatPct, funnel, type FunnelStep } from '@/lib/client/broadcast-status';
import type { Broadcast } from '@/lib/client/types';

const fmt = new Intl.NumberFormat('en-US');

const barTone: Record<FunnelStep['key'], string> = {
  sent: 'bg-indigo-300', delivered: 'bg-indigo-500', read: 'bg-indigo-700', answered: 'bg-emerald-600',
  failed: 'bg-rose-500', skipped: 'bg-amber-400', pending: 'bg-slate-300',
};

function Step({ step }: { step: FunnelStep }) {
  return (
    <li data-testid={`funnel-${step.key}`} data-count={step.count} className="grid grid-cols-[6rem_1fr_7.5rem] items-center gap-3 py-1.5 text-sm">
      <span className="font-medium text-slate-700">{step.label}</span>
      <span aria-hidden="true" className="block h-6 overflow-hidden rounded bg-slate-100">
        <span className={`block h-full rounded ${barTone[step.key]} transition-[width] duration-500`}
          style={{ width: `${Math.min(100, step.pct)}%`, minWidth: step.count > 0 ? '0.25rem' : 0 }} />
      </span>
      <span className="text-right tabular-nums">
        <b className="font-semibold text-slate-900">{fmt.format(step.count)}</b>
        <span className="ml-1.5 inline-block w-11 text-slate-500">{formatPct(step.pct)}</span>
      </span>
    </li>
  );
}

/**
 * The delivery funnel as horizontal bars, each a share of all recipients: sent → delivered → read
 * → answered, then those who left it (failed, skipped) and those still waiting. Counts and
 * percentages are text; the bars only draw them.
 */
export function DeliveryFunnel({ broadcast }: { broadcast: Broadcast }) {
  const { progress, outcome } = funnel(broadcast);
  return (
    <div>
      <ul aria-label="Delivery funnel">{progress.map((s) => <Step key={s.key} step={s} />)}</ul>
      <ul aria-label="Not delivered" className="mt-2 border-t border-slate-100 pt-2">
        {outcome.map((s) => <Step key={s.key} step={s} />)}
      </ul>
      <p className="mt-3 text-xs text-slate-500">
        Shares of all {fmt.format(broadcast.total)} recipients. Each step counts those who reached it or went further.
      </p>
    </div>
  );
}
