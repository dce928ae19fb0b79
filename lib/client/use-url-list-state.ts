'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { isApiError } from './api-fetch';
import { useDebouncedValue } from './use-debounced-value';

/**
 * Search and page of a list view, kept in the URL (?search=&page=) so a view can be shared and
 * survives reloads. Typing updates `input` at once and the URL 300 ms later (back to page 1).
 */
export function useUrlListState() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const [input, setInput] = useState(search);
  const debounced = useDebouncedValue(input.trim(), 300);

  const go = (next: { search?: string; page?: number }) => {
    const qs = new URLSearchParams(params);
    const s = next.search ?? search;
    if (s) qs.set('search', s); else qs.delete('search');
    const p = next.page ?? page;
    if (p > 1) qs.set('page', String(p)); else qs.delete('page');
    router.replace(qs.size ? `${pathname}?${qs}` : pathname, { scroll: false });
  };

  useEffect(() => {
    if (debounced !== search) go({ search: debounced, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new debounced value navigates
  }, [debounced]);

  return { search, page, input, setInput, go };
}

/** A page past the end (after deletes or a narrower search) goes back to the first one. */
export function useFirstPageWhenPastEnd(error: unknown, page: number, go: (next: { page: number }) => void) {
  useEffect(() => {
    if (isApiError(error, 404) && page > 1) go({ page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, page]);
}
