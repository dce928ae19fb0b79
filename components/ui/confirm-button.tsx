'use client';
import { useRef } from 'react';
import { Button } from './button';

/**
 * A button that asks first, in a native modal `<dialog>` (focus trapped, Escape cancels).
 * `onConfirm` runs only after the user confirms.
 */
export function ConfirmButton({ children, title, body, confirmLabel, onConfirm, disabled, variant = 'secondary', confirmVariant = 'danger', dismissLabel = 'Cancel', ariaLabel }: {
  children: React.ReactNode;
  title: string;
  body?: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  /** The dialog's confirm button: red for what cannot be undone, primary for what goes ahead. */
  confirmVariant?: 'danger' | 'primary';
  /** The dialog's other button, which closes it and does nothing. */
  dismissLabel?: string;
  ariaLabel?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <Button variant={variant} disabled={disabled} aria-label={ariaLabel} onClick={() => dialog.current?.showModal()}>
        {children}
      </Button>
      <dialog ref={dialog} aria-label={title}
        className="m-auto w-full max-w-md rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40">
        <div className="p-6">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          {body && <div className="mt-2 text-sm text-slate-600">{body}</div>}
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()} autoFocus>{dismissLabel}</Button>
            <Button variant={confirmVariant} onClick={() => { dialog.current?.close(); onConfirm(); }}>{confirmLabel}</Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
