'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState, Spinner } from '@/components/ui/states';
import { inputClass } from '@/components/ui/text-field';
import { Pager } from '@/components/ui/pager';
import { isApiError } from '@/lib/client/api-fetch';
import { TEMPLATES_PAGE_SIZE, TEMPLATE_CATEGORIES, TEMPLATE_STATUSES, useTemplates } from '@/lib/client/templates';
import type { TemplateStatus } from '@/lib/client/types';
import { useDebouncedValue } from '@/lib/client/use-debounced-value';
import { TemplateTable } from './template-table';
import { categoryLabel, templateStatusLabel } from './template-status-badge';
import { SearchInput } from '@/components/ui/search-input';
import { ButtonLink } from '@/components/ui/button';
import { useMe } from '@/lib/client/me';

type Filters = { search: string; category: string; status: string; page: number };

/**
 * Search, category, status and page live in the URL (?search=&category=&status=&page=). The
 * filters are held in state and mirrored to the URL, so two quick changes never undo each other.
 */
export function TemplateListView() {
  const me = useMe();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => ({
    search: params.get('search') ?? '',
    category: params.get('category') ?? '',
    status: params.get('status') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  }));
  const { search, category, status, page } = filters;
  const go = (next: Partial<Filters>) => setFilters((f) => ({ ...f, ...next }));

  useEffect(() => {
    const qs = new URLSearchParams();
    if (search) qs.set('search', search);
    if (category) qs.set('category', category);
    if (status) qs.set('status', status);
    if (page > 1) qs.set('page', String(page));
    const next = qs.size ? `${pathname}?${qs}` : pathname;
    if (next !== `${pathname}${window.location.search}`) router.replace(next, { scroll: false });
  }, [search, category, status, page, pathname, router]);

  const [input, setInput] = useState(search);
  const debounced = useDebouncedValue(input.trim(), 300);
  useEffect(() => {
    if (debounced !== search) go({ search: debounced, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new debounced value changes the search
  }, [debounced]);

  const templates = useTemplates({ search, category, status, channel: null, page });
  useEffect(() => {
    if (isApiError(templates.error, 404) && page > 1) go({ page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [templates.error, page]);
  const filtered = !!(search || category || status);

  return (
    <>
      <PageHeader title="Templates"
        actions={me.data?.user.role === 'ADMIN' ? <ButtonLink href="/templates/new">New template</ButtonLink> : undefined}
        description="Message templates approved by the provider: the only messages that can start a conversation. Open one to preview it and send it." />
      <Card flush>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
          <SearchInput id="template-search" label="Search templates" placeholder="Search by name or status" value={input} onChange={setInput}
            className="min-w-48 max-w-md" />
          <div>
            <label htmlFor="template-category" className="sr-only">Category</label>
            <select id="template-category" value={category} onChange={(e) => go({ category: e.target.value, page: 1 })} className={inputClass}>
              <option value="">All categories</option>
              {TEMPLATE_CATEGORIES.map((c) => <option key={c} value={c}>{categoryLabel(c)}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor="template-status" className="sr-only">Status</label>
            <select id="template-status" value={status} onChange={(e) => go({ status: e.target.value, page: 1 })} className={inputClass}>
              <option value="">All statuses</option>
              {TEMPLATE_STATUSES.map((s) => <option key={s} value={s}>{templateStatusLabel(s as TemplateStatus)}</option>)}
            </select>
          </div>
          {templates.isFetching && !templates.isPending && <Spinner className="size-4 text-slate-400" />}
        </div>
        {templates.isPending ? <LoadingState /> : templates.isError ? (
          <div className="p-4"><ErrorState error={templates.error} onRetry={() => templates.refetch()} /></div>
        ) : templates.data.results.length === 0 ? (
          filtered ? <EmptyState title="No templates match these filters" />
            : <EmptyState title="No templates yet">Sync a channel&apos;s templates from its page under Settings → Channels.</EmptyState>
        ) : (
          <>
            <TemplateTable templates={templates.data.results} />
            <Pager label="Templates pagination" noun="templates" page={page} pageSize={TEMPLATES_PAGE_SIZE}
              count={templates.data.count} hasPrevious={!!templates.data.previous} hasNext={!!templates.data.next}
              onPage={(p) => go({ page: p })} />
          </>
        )}
      </Card>
    </>
  );
}
