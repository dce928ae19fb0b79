'use client';
import { useId } from 'react';

/** An on/off switch (`role="switch"`), named by its label, with an optional description. */
export function Switch({ label, description, checked, onChange, disabled }: {
  label: string;
  description?: React.ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <button id={`${id}-switch`} type="button" role="switch" aria-checked={checked} aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined} disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full border-2 border-transparent transition-colors
          focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50
          ${checked ? 'bg-indigo-600' : 'bg-slate-200'}`}>
        <span aria-hidden="true"
          className={`pointer-events-none inline-block size-5 rounded-full bg-white shadow ring-0 transition-transform ${checked ? 'translate-x-5' : 'translate-x-0'}`} />
      </button>
      <div className="text-sm">
        {/* A label, so a click on the words flips the switch as a click on it does. */}
        <label id={`${id}-label`} htmlFor={`${id}-switch`} className={`font-medium text-slate-900 ${disabled ? '' : 'cursor-pointer'}`}>{label}</label>
        {description && <p id={`${id}-description`} className="text-slate-500">{description}</p>}
      </div>
    </div>
  );
}
