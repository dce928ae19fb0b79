'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { FormAlert } from '@/components/ui/form-alert';
import { useBulkContactChange, type BulkTarget } from '@/lib/client/contacts';
import type { ContactBulk } from '@/lib/contacts/validation';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useMe } from '@/lib/client/me';

// What the contacts list does to the contacts selected on its page, or to every contact its
// search and tag match (all pages): add or remove a tag, opt them out of marketing or back in, or
// delete them, in one request.

type Action = Exclude<ContactBulk['action'], 'set_attribute' | 'restore'>;
const TAGGING: Action[] = ['add_tag', 'remove_tag'];
// What the status line says once done: the verb, and of the contacts left as they were.
const SAID: Record<Action, { done: (tag: string) => string; already: string }> = {
  add_tag: { done: (tag) => `Tagged “${tag}”:`, already: 'already had it' },
  remove_tag: { done: (tag) => `Took “${tag}” off`, already: 'already went without it' },
  delete: { done: () => 'Deleted', already: 'already deleted' },
  opt_out: { done: () => 'Opted out of marketing:', already: 'had opted out already' },
  opt_in: { done: () => 'Opted back in to marketing:', already: 'had not opted out' },
};

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
  // Opting back in is an admin's (the API refuses anyone else).
  const isAdmin = useMe().data?.user.role === 'ADMIN';
  const target: BulkTarget = onAllMatching.chosen ? { filter } : { ids };
  const count = onAllMatching.chosen ? matching : ids.length;
  const run = (action: Action) => change.mutate({ target, action, ...(TAGGING.includes(action) ? { tag: tag.trim() } : {}) }, {
    onSuccess: ({ matched, changed }) => {
      const rest = matched - changed;
      setSaid(`${SAID[action].done(tag.trim())} ${contacts(changed)}.${rest ? ` ${contacts(rest)} ${SAID[action].already}.` : ''}`);
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
          <ConfirmButton variant="secondary" title={`Opt ${contacts(count)} out of marketing?`} confirmLabel="Opt out" disabled={change.isPending}
            body="No MARKETING template will reach them until they write an opt-in word or are opted back in. Replies and other templates still do."
            onConfirm={() => run('opt_out')}>
            Opt out
          </ConfirmButton>
          {isAdmin && (
            <ConfirmButton variant="secondary" title={`Opt ${contacts(count)} back in to marketing?`} confirmLabel="Opt in" confirmVariant="primary"
              disabled={change.isPending}
              body="MARKETING templates will reach them again. Do this only for contacts who asked for them again."
              onConfirm={() => run('opt_in')}>
              Opt in
            </ConfirmButton>
          )}
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
