'use client';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { ButtonLink, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState, Spinner } from '@/components/ui/states';
import { CONTACTS_PAGE_SIZE, contactListParams, useContacts, type ContactListFilters } from '@/lib/client/contacts';
import { useFirstPageWhenPastEnd, useUrlListState } from '@/lib/client/use-url-list-state';
import { Pager } from '@/components/ui/pager';
import { useEffect, useState } from 'react';
import { BulkActions } from './bulk-actions';
import { ContactTable, type Selection } from './contact-table';
import { SearchInput } from '@/components/ui/search-input';

/** The list's address for these filters (`?search=&tag=&deleted=1&opted_out=1`), or the API's query with `forApi`. */
function listQuery(f: ContactListFilters, forApi = false): string {
  const q = forApi ? contactListParams(f) : new URLSearchParams();
  if (!forApi) {
    if (f.search) q.set('search', f.search);
    if (f.tag) q.set('tag', f.tag);
    if (f.deleted) q.set('deleted', '1');
    if (f.optedOut) q.set('opted_out', '1');
  }
  return q.size ? `?${q}` : '';
}

/** Search, tag and page live in the URL (?search=&tag=&page=), so a view can be shared and survives reloads. */
export function ContactListView() {
  const { search, page, input, setInput, go } = useUrlListState();
  const params = useSearchParams();
  const tag = params.get('tag') ?? '';
  // Deleted contacts are a view of their own: found again here, restored from their page.
  const deleted = params.get('deleted') === '1';
  const optedOut = params.get('opted_out') === '1';
  const filters: ContactListFilters = { search, tag, deleted, optedOut };

  const contacts = useContacts(filters, page);
  // The selection is of the page shown: another page, search or tag starts it afresh.
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // Every contact the search and tag match, all pages: offered once the whole page is selected.
  const [allMatching, setAllMatching] = useState(false);
  useEffect(() => { setSelected(new Set()); setAllMatching(false); }, [search, page, tag, deleted, optedOut]);
  const shown = contacts.data?.results ?? [];
  const selection: Selection = {
    ids: selected,
    toggle: (id, on) => { setAllMatching(false); setSelected((s) => { const next = new Set(s); if (on) next.add(id); else next.delete(id); return next; }); },
    toggleAll: (on) => { setAllMatching(false); setSelected(on ? new Set(shown.map((c) => c.id)) : new Set()); },
  };
  useFirstPageWhenPastEnd(contacts.error, page, go);

  return (
    <>
      <PageHeader title="Contacts" description="The people you message: phone, profile, tags, attributes and notes."
        actions={<>
          {/* The contacts shown (search, tag), all pages, in the columns the import reads. */}
          <a href={`/api/contact/export${listQuery(filters, true)}`} download data-testid="export-contacts"
            className={buttonClass('secondary')}>Export CSV</a>
          <ButtonLink href="/contacts/import" variant="secondary">Import CSV</ButtonLink>
          <ButtonLink href="/contacts/new">New contact</ButtonLink>
        </>} />
      <Card flush>
        <div className="flex items-center gap-3 border-b border-slate-200 p-4">
          <SearchInput id="contact-search" label="Search contacts" placeholder="Search by name, phone or email" value={input} onChange={setInput} />
          {tag && (
            <span data-testid="tag-filter" className="inline-flex shrink-0 items-center gap-1 rounded-full bg-indigo-50 px-2.5 py-1 text-xs font-medium text-indigo-800">
              Tagged {tag}
              <Link href={`/contacts${listQuery({ ...filters, tag: '' })}`} aria-label={`Stop filtering by the tag ${tag}`}
                className="text-indigo-500 hover:text-indigo-900">✕</Link>
            </span>
          )}
          {optedOut && (
            <span data-testid="opted-out-filter" className="inline-flex shrink-0 items-center gap-1 rounded-full bg-rose-50 px-2.5 py-1 text-xs font-medium text-rose-800">
              Opted out of marketing
              <Link href={`/contacts${listQuery({ ...filters, optedOut: false })}`} aria-label="Stop showing only the contacts who opted out"
                className="text-rose-500 hover:text-rose-900">✕</Link>
            </span>
          )}
          {contacts.isFetching && !contacts.isPending && <Spinner className="size-4 text-slate-400" />}
          {!optedOut && !deleted && (
            <Link href={`/contacts${listQuery({ ...filters, optedOut: true })}`} data-testid="opted-out-toggle"
              className="ml-auto shrink-0 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">Opted out</Link>
          )}
          <Link href={`/contacts${listQuery({ ...filters, deleted: !deleted })}`} data-testid="deleted-toggle"
            className={`${optedOut || deleted ? 'ml-auto ' : ''}shrink-0 rounded-md px-2.5 py-1.5 text-sm font-medium ${deleted ? 'bg-slate-800 text-white' : 'text-slate-700 hover:bg-slate-100'}`}>
            {deleted ? 'Back to contacts' : 'Deleted'}
          </Link>
        </div>
        {deleted && (
          <p className="border-b border-slate-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
            Deleted contacts are out of the list and its count; open one to restore it.
          </p>
        )}
        {/* The number found, said to screen readers as a search settles. */}
        <p role="status" className="sr-only" data-testid="contact-count">
          {contacts.data && (search || tag) ? `${contacts.data.count} ${contacts.data.count === 1 ? 'contact' : 'contacts'} found` : ''}
        </p>
        {!deleted && (
          <BulkActions ids={shown.filter((c) => selected.has(c.id)).map((c) => c.id)} matching={contacts.data?.count ?? 0}
            filter={{ ...(search ? { search } : {}), ...(tag ? { tag } : {}), ...(optedOut ? { opted_out: true } : {}) }}
            onAllMatching={{ chosen: allMatching, choose: setAllMatching, pageFull: shown.length > 0 && shown.every((c) => selected.has(c.id)) }}
            onDone={() => { setSelected(new Set()); setAllMatching(false); }} />
        )}
        {contacts.isPending ? <LoadingState /> : contacts.isError ? (
          <div className="p-4"><ErrorState error={contacts.error} onRetry={() => contacts.refetch()} /></div>
        ) : contacts.data.results.length === 0 ? (
          deleted ? <EmptyState title={search || tag ? 'No deleted contacts match' : 'No deleted contacts'}>Contacts you delete are kept here, ready to be restored.</EmptyState>
            : optedOut ? <EmptyState title={search || tag ? 'No opted-out contacts match' : 'Nobody opted out'}>Contacts who write STOP (or another of the account&apos;s opt-out words) are listed here.</EmptyState>
            : search || tag ? <EmptyState title={`No contacts match${search ? ` “${search}”` : ''}${tag ? ` tagged ${tag}` : ''}`}>Try a shorter search, or another tag.</EmptyState>
            : <EmptyState title="No contacts yet">Add one with <b>New contact</b>, or bring many at once with <b>Import CSV</b>.</EmptyState>
        ) : (
          <>
            <ContactTable contacts={contacts.data.results} selection={deleted ? undefined : selection} />
            <Pager label="Pagination" noun="contacts" countTestId="contact-count" page={page} pageSize={CONTACTS_PAGE_SIZE} count={contacts.data.count}
              hasPrevious={!!contacts.data.previous} hasNext={!!contacts.data.next} onPage={(p) => go({ page: p })} />
          </>
        )}
      </Card>
    </>
  );
}
