'use client';
import { useEffect, useId, useState } from 'react';

// Compact form controls of the builder's side panel, each with its errors under it.

const control = (bad: boolean) => `block w-full rounded-md border-0 px-2.5 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset focus:ring-2 focus:ring-indigo-600 ${bad ? 'ring-rose-500' : 'ring-slate-500'}`;

export function Errors({ errors = [] }: { errors?: string[] }) {
  return <>{errors.map((e) => <p key={e} className="mt-1 text-xs text-rose-700">{e}</p>)}</>;
}

export function Input({ label, value, onChange, errors = [], type = 'text', hint, list, placeholder }: {
  label: string; value: string | number; onChange: (v: string) => void; errors?: string[]; type?: string; hint?: string; list?: string; placeholder?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">{label}</label>
      <input id={id} type={type} value={value} list={list} placeholder={placeholder} onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors.length > 0 || undefined} className={`mt-1 ${control(errors.length > 0)}`} />
      {hint && !errors.length && <p className="mt-1 text-[11px] text-slate-500">{hint}</p>}
      <Errors errors={errors} />
    </div>
  );
}

/** The items of a comma-separated list as typed. */
export const splitList = (text: string) => text.split(',').map((t) => t.trim()).filter(Boolean);

/**
 * A comma-separated list: the text stays as typed (a comma or a space just typed included) while
 * the list it names is what changes; a list changed elsewhere (undo, another step) shows its text.
 */
export function ListInput({ label, value, onChange, errors, hint }: {
  label: string; value: string[]; onChange: (v: string[]) => void; errors?: string[]; hint?: string;
}) {
  const joined = value.join('\n');
  const [text, setText] = useState(value.join(', '));
  const [shown, setShown] = useState(joined);
  if (joined !== shown) {
    setShown(joined);
    if (splitList(text).join('\n') !== joined) setText(value.join(', '));
  }
  return (
    <Input label={label} value={text} errors={errors} hint={hint} onChange={(typed) => {
      const next = splitList(typed);
      setText(typed);
      setShown(next.join('\n'));
      onChange(next);
    }} />
  );
}

export function TextBox({ label, value, onChange, errors = [], hint, rows = 3 }: {
  label: string; value: string; onChange: (v: string) => void; errors?: string[]; hint?: string; rows?: number;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">{label}</label>
      <textarea id={id} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={errors.length > 0 || undefined}
        className={`mt-1 font-mono text-xs ${control(errors.length > 0)}`} />
      {hint && !errors.length && <p className="mt-1 text-[11px] text-slate-500">{hint}</p>}
      <Errors errors={errors} />
    </div>
  );
}

export function Select<T extends string>({ label, value, onChange, options, errors = [] }: {
  label: string; value: T; onChange: (v: T) => void; options: readonly (T | readonly [T, string])[]; errors?: string[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)} className={`mt-1 ${control(errors.length > 0)}`}>
        {options.map((o) => {
          const [v, l] = typeof o === 'string' ? [o, o] : o;
          return <option key={v} value={v}>{l}</option>;
        })}
      </select>
      <Errors errors={errors} />
    </div>
  );
}

export function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="rounded border-slate-300" />
      {label}
    </label>
  );
}

const formatLines = (rec: Record<string, string> | undefined, joiner: string) => Object.entries(rec ?? {}).map(([k, v]) => `${k}${joiner}${v}`).join('\n');
export const parseLines = (text: string, sep: string): Record<string, string> => Object.fromEntries(text.split('\n').map((l) => l.split(sep))
  .filter((p) => p[0]?.trim()).map(([k, ...v]) => [k.trim(), v.join(sep).trim()]));

/**
 * A map edited as lines (`Name: value`): the text stays as typed (a line half written, an empty
 * line about to be filled) while the map gets what it parses to; a change of the map from
 * elsewhere (undo) shows as its lines.
 */
export function MapBox({ label, value, sep, joiner, onChange, errors = [], hint }: {
  label: string; value: Record<string, string> | undefined; sep: string; joiner: string; onChange: (v: Record<string, string>) => void; errors?: string[]; hint?: string;
}) {
  const [text, setText] = useState(() => formatLines(value, joiner));
  const shown = JSON.stringify(value ?? {});
  useEffect(() => {
    setText((t) => (JSON.stringify(parseLines(t, sep)) === shown ? t : formatLines(JSON.parse(shown) as Record<string, string>, joiner)));
  }, [shown, sep, joiner]);
  return <TextBox label={label} value={text} errors={errors} hint={hint} onChange={(v) => { setText(v); onChange(parseLines(v, sep)); }} />;
}
