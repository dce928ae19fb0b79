'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { useBulkContactChange } from '@/lib/client/contacts';

// What the contacts list does to the contacts selected on its page: add a tag, or delete them.

const fmt = new Intl.NumberFormat('en-US');
const contacts = (n: number) => `${fmt.format(n)} contact${n === 1 ? '' : 's'}`;

export function BulkActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const [tag, setTag] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const change = useBulkContactChange();
  const run = (what: { tag: string } | 'delete') => change.mutate({ ids, change: what }, {
    onSuccess: ({ done, failed }) => {
      const verb = what === 'delete' ? 'Deleted' : `Tagged “${(what as { tag: string }).tag}”:`;
      setSaid(`${verb} ${contacts(done)}.${failed.length ? ` ${contacts(failed.length)} could not be changed.` : ''}`);
      setTag('');
      onDone();
    },
  });
  if (!ids.length && !said) return null;
  return (
    <div role="region" aria-label="Selected contacts" className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-indigo-50/60 px-4 py-2.5 text-sm">
      {ids.length > 0 && (
        <>
          <span className="font-medium text-slate-900" data-testid="selected-count">{contacts(ids.length)} selected</span>
          <form className="flex items-center gap-2" onSubmit={(e) => { e.preventDefault(); if (tag.trim()) run({ tag: tag.trim() }); }}>
            <input aria-label="Tag to add" value={tag} onChange={(e) => setTag(e.target.value)} maxLength={100} placeholder="Tag"
              className="w-36 rounded-md border-0 px-2.5 py-1.5 text-sm ring-1 ring-inset ring-slate-500 focus:ring-2 focus:ring-indigo-600" />
            <Button type="submit" variant="secondary" disabled={!tag.trim() || change.isPending}>Add tag</Button>
          </form>
          <ConfirmButton variant="danger" title={`Delete ${contacts(ids.length)}?`} confirmLabel="Delete" disabled={change.isPending}
            body="They disappear from lists, searches, broadcasts and flows; their conversations are kept, and each can be restored from its page."
            onConfirm={() => run('delete')}>
            Delete
          </ConfirmButton>
        </>
      )}
      {said && <p role="status" className="text-slate-700">{said}</p>}
    </div>
  );
}
