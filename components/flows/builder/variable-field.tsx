'use client';
import { useId, useRef, useState } from 'react';

// A text field that offers variables: typing `{{` lists the contact fields, meta keys, earlier
// answers on the path and the flow's variables; arrows pick one, Enter or Tab inserts it.

type Props = {
  label: string;
  value: string;
  onChange: (v: string) => void;
  suggestions: string[];
  multiline?: boolean;
  errors?: string[];
  placeholder?: string;
  hint?: string;
  /** A word beside the label (where the variable goes), not part of it. */
  note?: string;
};

const OPEN = /\{\{\s*([\w.-]*)$/;

export function VariableField({ label, value, onChange, suggestions, multiline, errors = [], placeholder, hint, note }: Props) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const matches = query === null ? [] : suggestions.filter((s) => s.toLowerCase().includes(query.toLowerCase())).slice(0, 20);

  const track = (text: string, caret: number) => {
    const m = OPEN.exec(text.slice(0, caret));
    setQuery(m ? m[1] : null);
    setActive(0);
  };
  const insert = (name: string) => {
    const el = ref.current;
    const caret = el?.selectionStart ?? value.length;
    const before = value.slice(0, caret).replace(OPEN, '');
    const after = value.slice(caret).replace(/^[\w.-]*\s*\}\}/, '');
    const text = `${before}{{${name}}}`;
    onChange(text + after);
    setQuery(null);
    requestAnimationFrame(() => { el?.focus(); el?.setSelectionRange(text.length, text.length); });
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!matches.length) return;
    if (e.key === 'ArrowDown') { e.preventDefault(); setActive((a) => (a + 1) % matches.length); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); setActive((a) => (a - 1 + matches.length) % matches.length); }
    else if (e.key === 'Enter' || e.key === 'Tab') { e.preventDefault(); insert(matches[active]); }
    else if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); setQuery(null); }
  };
  const common = {
    id, ref, value, placeholder,
    'aria-invalid': errors.length > 0 || undefined,
    'aria-autocomplete': 'list' as const,
    'aria-controls': matches.length ? `${id}-list` : undefined,
    onChange: (e: React.ChangeEvent<HTMLTextAreaElement & HTMLInputElement>) => { onChange(e.target.value); track(e.target.value, e.target.selectionStart ?? e.target.value.length); },
    onKeyDown,
    onBlur: () => setTimeout(() => setQuery(null), 150),
    className: `block w-full rounded-md border-0 px-2.5 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-indigo-600 ${errors.length ? 'ring-rose-500' : 'ring-slate-500'}`,
  };
  return (
    <div className="relative">
      <div className="flex items-center justify-between">
        <span className="flex items-baseline gap-1.5">
          <label htmlFor={id} className="block text-xs font-medium text-slate-700">{label}</label>
          {note && <span className="text-[11px] text-slate-500">{note}</span>}
        </span>
        <button type="button" className="rounded px-1 text-[11px] font-medium text-indigo-600 hover:bg-indigo-50" tabIndex={-1}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => { const text = `${value}{{`; onChange(text); setQuery(''); requestAnimationFrame(() => { ref.current?.focus(); ref.current?.setSelectionRange(text.length, text.length); }); }}>
          {'{x}'} Variable
        </button>
      </div>
      <div className="mt-1">
        {multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
      </div>
      {matches.length > 0 && (
        <ul id={`${id}-list`} role="listbox" aria-label="Variables" className="absolute z-20 mt-1 max-h-56 w-full overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200">
          {matches.map((m, i) => (
            <li key={m} role="option" aria-selected={i === active}
              className={`cursor-pointer px-3 py-1.5 font-mono text-xs ${i === active ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700'}`}
              onMouseDown={(e) => { e.preventDefault(); insert(m); }}>
              {`{{${m}}}`}
            </li>
          ))}
        </ul>
      )}
      {hint && !errors.length && <p className="mt-1 text-[11px] text-slate-500">{hint}</p>}
      {errors.map((e) => <p key={e} className="mt-1 text-xs text-rose-700">{e}</p>)}
    </div>
  );
}
