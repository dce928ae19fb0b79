'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Copies `text`; says whether it worked in a live region (clipboard access can be blocked). */
export function CopyButton({ text, label = 'Copy', ariaLabel }: { text: string; label?: string; ariaLabel?: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" onClick={copy} aria-label={ariaLabel}>{copied === 'yes' ? 'Copied' : label}</Button>
      <span role="status" className="text-xs text-slate-600">
        {copied === 'failed' ? 'Copying is blocked here; select the text and copy it by hand.' : ''}
      </span>
    </span>
  );
}
