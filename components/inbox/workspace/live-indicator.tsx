'use client';
import { useLiveState } from '@/lib/client/inbox-live';

const look = {
  live: { text: 'Live', dot: 'bg-emerald-500' },
  connecting: { text: 'Connecting…', dot: 'bg-amber-400' },
  offline: { text: 'Reconnecting… (refreshing every 5 s)', dot: 'bg-rose-500' },
} as const;

/** Whether changes arrive as they happen, or the page is polling until the stream is back. */
export function LiveIndicator() {
  const state = useLiveState();
  return (
    <span role="status" data-testid="live-state" data-state={state} className="inline-flex items-center gap-1.5 text-xs text-slate-600">
      <span aria-hidden="true" className={`size-2 rounded-full ${look[state].dot}`} />{look[state].text}
    </span>
  );
}
