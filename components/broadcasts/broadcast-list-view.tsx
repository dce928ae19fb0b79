'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { EmptyState, ErrorState, LoadingState, Spinner } from '@/components/ui/states';
import { inputClass } from '@/components/ui/text-field';
import { isApiError } from '@/lib/client/api-fetch';
import { BROADCAST_STATUSES, isSending } from '@/lib/client/broadcast-status';
import { BROADCASTS_PAGE_SIZE, useBroadcasts, type BroadcastFilters } from '@/lib/client/broadcasts';
import { useDebouncedValue } from '@/lib/client/use-debounced-value';
import { BroadcastTable } from './broadcast-table';
import { broadcastStatusLabel } from './broadcast-status-badge';

/**
 * Search, status and page live in the URL (?search=&status=&page=), held in state and mirrored to
 * the URL like the template list. The page refreshes itself while a broadcast on it is sending.
 */
export function BroadcastListView() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [filters, setFilters] = useState<BroadcastFilters>(() => ({
    search: params.get('search') ?? '',
    status: params.get('status') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  }));
  const { search, status, page } = filters;
  const go = (next: Partial<BroadcastFilters>) => setFilters((f) => ({ ...f, ...next }));

  useEffect(() => {
    const qs = new URLSearchParams();
    if (search) qs.set('search', search);
    if (status) qs.set('status', status);
    if (page > 1) qs.set('page', String(page));
    const next = qs.size ? `${pathname}?${qs}` : pathname;
    if (next !== `${pathname}${window.location.search}`) router.replace(next, { scroll: false });
  }, [search, status, page, pathname, router]);

  const [input, setInput] = useState(search);
  const debounced = useDebouncedValue(input.trim(), 300);
  useEffect(() => {
    if (debounced !== search) go({ search: debounced, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new debounced value changes the search
  }, [debounced]);

  const broadcasts = useBroadcasts(filters);
  useEffect(() => {
    if (isApiError(broadcasts.error, 404) && page > 1) go({ page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [broadcasts.error, page]);
  const sending = !!broadcasts.data?.results.some((b) => isSending(b, Date.now()));

  return (
    <>
      <PageHeader title="Broadcasts"
        description="One template message to many people at once, each with their own values. Follow each one's delivery as it goes."
        actions={<ButtonLink href="/broadcasts/new">New broadcast</ButtonLink>} />
      <Card flush>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
          <SearchInput id="broadcast-search" label="Search broadcasts" placeholder="Search by name" value={input} onChange={setInput}
            className="min-w-48 max-w-md" />
          <div>
            <label htmlFor="broadcast-status" className="sr-only">Status</label>
            <select id="broadcast-status" value={status} onChange={(e) => go({ status: e.target.value, page: 1 })} className={inputClass}>
              <option value="">All statuses</option>
              {BROADCAST_STATUSES.map((s) => <option key={s} value={s}>{broadcastStatusLabel[s]}</option>)}
            </select>
          </div>
          {broadcasts.isFetching && !broadcasts.isPending && <Spinner className="size-4 text-slate-400" />}
          <p className="ml-auto text-xs text-slate-500" aria-live="polite">{sending ? 'Sending now: this list updates itself.' : ''}</p>
        </div>
        {broadcasts.isPending ? <LoadingState /> : broadcasts.isError ? (
          <div className="p-4"><ErrorState error={broadcasts.error} onRetry={() => broadcasts.refetch()} /></div>
        ) : broadcasts.data.results.length === 0 ? (
          search || status ? <EmptyState title="No broadcasts match these filters">The search looks at broadcast names.</EmptyState>
            : <EmptyState title="No broadcasts yet">Send a template to many people at once with <b>New broadcast</b>.</EmptyState>
        ) : (
          <>
            <BroadcastTable broadcasts={broadcasts.data.results} />
            <Pager label="Broadcasts pagination" noun="broadcasts" page={page} pageSize={BROADCASTS_PAGE_SIZE}
              count={broadcasts.data.count} hasPrevious={!!broadcasts.data.previous} hasNext={!!broadcasts.data.next}
              onPage={(p) => go({ page: p })} />
          </>
        )}
      </Card>
    </>
  );
}
