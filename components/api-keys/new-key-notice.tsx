'use client';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import type { NewApiKey } from '@/lib/client/types';

/** The key itself, shown once right after creation. */
export function NewKeyNotice({ apiKey, onDismiss }: { apiKey: NewApiKey; onDismiss: () => void }) {
  return (
    <section aria-labelledby="new-key-title" className="rounded-lg border border-amber-300 bg-amber-50 p-5">
      <h2 id="new-key-title" className="text-sm font-semibold text-amber-900">API key “{apiKey.name}” created</h2>
      <p className="mt-1 text-sm text-amber-800">
        Copy it now and store it somewhere safe. <strong>It will not be shown again</strong>; if you lose it, revoke it and create a new one.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code data-testid="new-api-key" aria-label="New API key"
          className="min-w-0 flex-1 select-all break-all rounded-md bg-white px-3 py-2 font-mono text-sm text-slate-900 ring-1 ring-amber-300">
          {apiKey.key}
        </code>
        <CopyButton text={apiKey.key} ariaLabel="Copy API key" />
        <Button variant="ghost" onClick={onDismiss}>Done</Button>
      </div>
      <p className="mt-2 text-xs text-amber-800">Send it as <code className="font-mono">Authorization: Token &lt;key&gt;</code>.</p>
    </section>
  );
}
