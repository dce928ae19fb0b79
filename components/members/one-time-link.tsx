'use client';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';

/** An invitation or reset link, shown once right after it was made. */
export function OneTimeLink({ title, url, note, onDismiss }: { title: string; url: string; note: string; onDismiss: () => void }) {
  return (
    <section aria-labelledby="one-time-link-title" className="rounded-lg border border-amber-300 bg-amber-50 p-5">
      <h2 id="one-time-link-title" className="text-sm font-semibold text-amber-900">{title}</h2>
      <p className="mt-1 text-sm text-amber-800">{note}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code data-testid="one-time-link" className="min-w-0 flex-1 select-all break-all rounded-md bg-white px-3 py-2 font-mono text-sm text-slate-900 ring-1 ring-amber-300">
          {url}
        </code>
        <CopyButton text={url} ariaLabel="Copy link" />
        <Button variant="ghost" onClick={onDismiss}>Done</Button>
      </div>
    </section>
  );
}
