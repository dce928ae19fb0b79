'use client';
import type { DraftStep } from '@/lib/client/flow-builder';
import { zoneLabel } from '@/lib/client/local-datetime';
import { useMe } from '@/lib/client/me';
import { Errors } from './inputs';

// A DELAY's time windows (on the account's clock, day 0 = Sunday): the contact waits until the
// next moment inside one.

export type TimeWindow = NonNullable<DraftStep['time_windows']>[number];

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MAX_WINDOWS = 14;
const flat = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(flat) : v && typeof v === 'object' ? Object.values(v).flatMap(flat) : []);
const control = 'block w-full rounded-md border-0 px-2 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-500 focus:ring-2 focus:ring-indigo-600';

/** The window a new row starts as: office hours on the day after the last row's. */
export function nextWindow(windows: TimeWindow[]): TimeWindow {
  const last = windows[windows.length - 1];
  return last ? { ...last, day: (last.day + 1) % 7 } : { day: 1, open_at: '09:00', close_at: '17:00' };
}

/** The windows in a line or a few: days with the same hours together ("Mon, Tue 09:00–17:00"). */
export function windowsSummary(windows: TimeWindow[]): string[] {
  const byHours = new Map<string, number[]>();
  for (const w of [...windows].sort((a, b) => a.day - b.day)) {
    const key = `${w.open_at}–${w.close_at}`;
    byHours.set(key, [...(byHours.get(key) ?? []), w.day]);
  }
  return [...byHours].map(([hours, days]) => `${[...new Set(days)].map((d) => WEEKDAYS[d]?.slice(0, 3) ?? '?').join(', ')} ${hours}`);
}

export function TimeWindowsField({ value, onChange, errors }: { value: TimeWindow[]; onChange: (v: TimeWindow[]) => void; errors: unknown }) {
  const set = (i: number, patch: Partial<TimeWindow>) => onChange(value.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  // Errors come as a list: an object per window (its fields' messages) or messages about the list.
  const rowErrors = (i: number) => {
    const at = errors && typeof errors === 'object' ? (errors as Record<string, unknown>)[i] : undefined;
    return at && typeof at === 'object' ? flat(at) : [];
  };
  const listErrors = Array.isArray(errors) ? errors.filter((x): x is string => typeof x === 'string') : [];
  const timeZone = useMe().data?.account.default_timezone;
  return (
    <fieldset>
      <legend className="text-xs font-medium text-slate-700">Time windows</legend>
      <p className="text-[11px] text-slate-500">Waits until the next moment inside one of them, on the account&apos;s clock ({zoneLabel(timeZone)}).</p>
      <ol className="mt-1.5 space-y-1.5">
        {value.map((w, i) => (
          <li key={i} className="rounded-md bg-slate-50 p-2">
            <div className="flex items-center gap-1.5">
              <select aria-label={`Window ${i + 1} day`} value={w.day} onChange={(e) => set(i, { day: Number(e.target.value) })} className={control}>
                {WEEKDAYS.map((d, n) => <option key={d} value={n}>{d}</option>)}
              </select>
              <button type="button" aria-label={`Remove window ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}
                className="rounded-md px-1.5 py-1 text-slate-500 hover:bg-slate-100 hover:text-rose-600">✕</button>
            </div>
            <div className="mt-1.5 grid grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-1.5 pr-8 text-xs text-slate-500">
              <span>from</span>
              <input type="time" aria-label={`Window ${i + 1} opens`} value={w.open_at} required onChange={(e) => set(i, { open_at: e.target.value || w.open_at })} className={control} />
              <span>to</span>
              <input type="time" aria-label={`Window ${i + 1} closes`} value={w.close_at} required onChange={(e) => set(i, { close_at: e.target.value || w.close_at })} className={control} />
            </div>
            {w.close_at <= w.open_at && <p className="mt-1 text-[11px] text-amber-700">Closes before it opens: this window is never open.</p>}
            <Errors errors={rowErrors(i)} />
          </li>
        ))}
      </ol>
      {value.length < MAX_WINDOWS
        ? <button type="button" onClick={() => onChange([...value, nextWindow(value)])} className="mt-1.5 text-xs font-medium text-indigo-600 hover:underline">+ Add time window</button>
        : <p className="mt-1.5 text-[11px] text-slate-500">At most {MAX_WINDOWS} windows.</p>}
      <Errors errors={listErrors} />
    </fieldset>
  );
}
