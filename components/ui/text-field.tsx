'use client';
import { useId, type ComponentProps } from 'react';
import { FieldErrors } from './field-errors';

export const inputClass =
  'block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-500 ' +
  'placeholder:text-slate-500 focus:ring-2 focus:ring-inset focus:ring-indigo-600 ' +
  'aria-[invalid=true]:ring-rose-400 disabled:bg-slate-50';

type Common = { label: string; errors?: string[]; hint?: string; className?: string };

function FieldShell({ id, label, hint, errors, className, children }: Common & { id: string; children: React.ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">{label}</label>
      <div className="mt-1.5">{children}</div>
      {hint && !errors?.length && <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">{hint}</p>}
      <FieldErrors id={`${id}-errors`} messages={errors} />
    </div>
  );
}

function describedBy(id: string, hint?: string, errors?: string[]) {
  return errors?.length ? `${id}-errors` : hint ? `${id}-hint` : undefined;
}

/** A labelled input with its hint and its API errors, wired for screen readers. */
export function TextField({ label, errors, hint, className, ...input }: Common & ComponentProps<'input'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} errors={errors} className={className}>
      <input id={id} className={inputClass} aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(id, hint, errors)} {...input} />
    </FieldShell>
  );
}

export function TextArea({ label, errors, hint, className, ...area }: Common & ComponentProps<'textarea'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} errors={errors} className={className}>
      <textarea id={id} className={inputClass} aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(id, hint, errors)} {...area} />
    </FieldShell>
  );
}

export function SelectField({ label, errors, hint, className, children, ...select }: Common & ComponentProps<'select'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} errors={errors} className={className}>
      <select id={id} className={inputClass} aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(id, hint, errors)} {...select}>
        {children}
      </select>
    </FieldShell>
  );
}
