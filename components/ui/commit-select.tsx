'use client';
import { useEffect, useRef, useState, type ComponentProps } from 'react';

// How long a choice made with the arrow keys waits for the next key before it is saved.
const KEYBOARD_SETTLE_MS = 1200;

type Props = Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'disabled'> & {
  value: string;
  /** Called with the chosen value once the choice is made (never with the current value). */
  onCommit: (value: string) => void;
  /** A save is in flight: said to assistive technology, without disabling (which drops the focus). */
  busy?: boolean;
};

/**
 * A select that saves what is chosen: at once with a pointer; from the keyboard on Enter, on
 * leaving the control, or once the arrow keys rest, so that stepping through the options does not
 * save each one on the way (WCAG 3.2.2). Escape puts back the saved value.
 */
export function CommitSelect({ value, onCommit, busy, onKeyDown, onBlur, ...props }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const byKeyboard = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopTimer = () => { if (timer.current) clearTimeout(timer.current); timer.current = null; };
  useEffect(() => stopTimer, []);
  const commit = (chosen: string | null) => {
    stopTimer();
    setDraft(null);
    if (chosen !== null && chosen !== value) onCommit(chosen);
  };
  return (
    <select {...props} value={draft ?? value} aria-busy={busy || undefined}
      onPointerDown={() => { byKeyboard.current = false; }}
      onKeyDown={(e) => {
        // Keys that move through the options (arrows, Home, End, letters); not Tab or modifiers.
        if (e.key !== 'Tab' && e.key !== 'Shift' && e.key !== 'Enter' && e.key !== 'Escape') byKeyboard.current = true;
        if (e.key === 'Enter' && draft !== null) { e.preventDefault(); commit(draft); }
        if (e.key === 'Escape' && draft !== null) { e.preventDefault(); stopTimer(); setDraft(null); }
        onKeyDown?.(e);
      }}
      onChange={(e) => {
        const chosen = e.target.value;
        if (!byKeyboard.current) return commit(chosen);
        setDraft(chosen);
        stopTimer();
        timer.current = setTimeout(() => commit(chosen), KEYBOARD_SETTLE_MS);
      }}
      onBlur={(e) => { if (draft !== null) commit(draft); onBlur?.(e); }} />
  );
}
