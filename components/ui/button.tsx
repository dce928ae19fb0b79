import Link from 'next/link';
import type { ComponentProps } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

const variants: Record<Variant, string> = {
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500',
  secondary: 'bg-white text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50',
  danger: 'bg-rose-600 text-white shadow-sm hover:bg-rose-500',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
};

export function buttonClass(variant: Variant = 'primary', extra = '') {
  return `${base} ${variants[variant]} ${extra}`;
}

/**
 * A disabled button is marked aria-disabled and ignores clicks, rather than taking the disabled
 * attribute: a button that disables itself while its action runs would otherwise drop the keyboard
 * focus to the page's start.
 */
export function Button({ variant = 'primary', className = '', type = 'button', disabled, onClick, ...props }: ComponentProps<'button'> & { variant?: Variant }) {
  return (
    <button type={type} className={buttonClass(variant, className)} aria-disabled={disabled || undefined} {...props}
      onClick={(event) => {
        if (disabled) { event.preventDefault(); return; }
        onClick?.(event);
      }} />
  );
}

export function ButtonLink({ variant = 'primary', className = '', ...props }: ComponentProps<typeof Link> & { variant?: Variant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
