'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { FormAlert } from '@/components/ui/form-alert';
import { useBulkContactChange, type BulkTarget } from '@/lib/client/contacts';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';

// What the contacts list does to the contacts selected on its page, or to every contact its
// search and tag match (all pages): add or remove a tag, or delete them, in one request.

const fmt = new Intl.NumberFormat('en-US');
const contacts = (n: number) => `${fmt.format(n)} contact${n === 1 ? '' : 's'}`;

export function BulkActions({ ids, matching, filter, onAllMatching, onDone }: {
  ids: string[];
  /** How many contacts the list's filters match (all pages), and those filters. */
  matching: number;
  filter: { search?: string; tag?: string; opted_out?: boolean };
  /** Set when every matching contact is chosen (not just this page's), with a way to choose it. */
  onAllMatching: { chosen: boolean; choose: (on: boolean) => void; pageFull: boolean };
  onDone: () => void;
}) {
  const [tag, setTag] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const change = useBulkContactChange();
  const target: BulkTarget = onAllMatching.chosen ? { filter } : { ids };
  const count = onAllMatching.chosen ? matching : ids.length;
  const run = (action: 'add_tag' | 'remove_tag' | 'delete') => change.mutate({ target, action, ...(action === 'delete' ? {} : { tag: tag.trim() }) }, {
    onSuccess: ({ matched, changed }) => {
      const verb = action === 'delete' ? 'Deleted' : action === 'add_tag' ? `Tagged “${tag.trim()}”:` : `Took “${tag.trim()}” off`;
      const rest = matched - changed;
      setSaid(`${verb} ${contacts(changed)}.${rest ? ` ${contacts(rest)} already ${action === 'delete' ? 'deleted' : action === 'add_tag' ? 'had it' : 'went without it'}.` : ''}`);
      setTag('');
      onDone();
    },
  });
  if (!ids.length && !said && !change.error) return null;
  const errors = errorBody(change.error);
  return (
    <div role="region" aria-label="Selected contacts" className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-indigo-50/60 px-4 py-2.5 text-sm">
      {ids.length > 0 && (
        <>
          <span className="font-medium text-slate-900" data-testid="selected-count">
            {onAllMatching.chosen ? `All ${contacts(matching)} selected` : `${contacts(ids.length)} selected`}
          </span>
          {onAllMatching.pageFull && matching > ids.length && (
            <button type="button" data-testid="select-all-matching" className="font-medium text-indigo-700 hover:underline"
              onClick={() => onAllMatching.choose(!onAllMatching.chosen)}>
              {onAllMatching.chosen ? 'Only this page' : `Select all ${contacts(matching)}`}
            </button>
          )}
          <form className="flex items-center gap-2" onSubmit={(e) => { e.preventDefault(); if (tag.trim()) run('add_tag'); }}>
            <input aria-label="Tag" value={tag} onChange={(e) => setTag(e.target.value)} maxLength={100} placeholder="Tag"
              className="w-36 rounded-md border-0 px-2.5 py-1.5 text-sm ring-1 ring-inset ring-slate-500 focus:ring-2 focus:ring-indigo-600" />
            <Button type="submit" variant="secondary" disabled={!tag.trim() || change.isPending}>Add tag</Button>
            <Button type="button" variant="secondary" disabled={!tag.trim() || change.isPending} onClick={() => run('remove_tag')}>Remove tag</Button>
          </form>
          <ConfirmButton variant="danger" title={`Delete ${contacts(count)}?`} confirmLabel="Delete" disabled={change.isPending}
            body="They disappear from lists, searches, broadcasts and flows; their conversations are kept, and each can be restored from the Deleted view."
            onConfirm={() => run('delete')}>
            Delete
          </ConfirmButton>
          {change.isPending && <span className="text-slate-600">Working on {contacts(count)}…</span>}
        </>
      )}
      <FormAlert messages={[...topMessages(errors, ['tag']), ...messagesAt(errors, ['tag'])]} title="The change was refused" />
      {said && <p role="status" className="text-slate-700">{said}</p>}
    </div>
  );
}
