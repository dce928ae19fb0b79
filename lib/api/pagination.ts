import type { Page } from '@/lib/openapi/schemas/common';
import { InvalidPageError } from './errors';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;

export type PageRequest = { page: number; pageSize: number; offset: number };
export type { Page };

/** Page-number pagination: a non-integer page is `Invalid page.`; page_size is clamped. */
export function pageRequest(url: URL): PageRequest {
  const rawPage = url.searchParams.get('page');
  let page = 1;
  if (rawPage !== null && rawPage !== '') {
    if (!/^\d{1,9}$/.test(rawPage) || Number(rawPage) < 1) throw new InvalidPageError(); // past 10^9 pages: no such page
    page = Number(rawPage);
  }
  const rawSize = url.searchParams.get('page_size');
  let pageSize = DEFAULT_PAGE_SIZE;
  if (rawSize && /^\d{1,9}$/.test(rawSize) && Number(rawSize) > 0) pageSize = Math.min(Number(rawSize), MAX_PAGE_SIZE);
  else if (rawSize && /^\d{10,}$/.test(rawSize)) pageSize = MAX_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

function withPage(url: URL, page: number): string {
  const next = new URL(url);
  if (page === 1) next.searchParams.delete('page');
  else next.searchParams.set('page', String(page));
  return next.toString();
}

/** The envelope's count and links; a page past the end is a 404. */
function pageLinks(url: URL, request: PageRequest, count: number): Omit<Page<never>, 'results'> {
  const lastPage = Math.max(1, Math.ceil(count / request.pageSize));
  if (request.page > lastPage) throw new InvalidPageError();
  return {
    count,
    next: request.page < lastPage ? withPage(url, request.page + 1) : null,
    previous: request.page > 1 ? withPage(url, request.page - 1) : null,
  };
}

/** Builds the `{count, next, previous, results}` envelope; a page past the end is a 404. */
export function pageEnvelope<T>(url: URL, request: PageRequest, count: number, results: T[]): Page<T> {
  return { ...pageLinks(url, request, count), results };
}

/** The same envelope as JSON text, around results that are already a JSON array's text. */
export function pageEnvelopeJson(url: URL, request: PageRequest, count: number, resultsJson: string): string {
  const { next, previous } = pageLinks(url, request, count);
  return `{"count":${JSON.stringify(count)},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${resultsJson}}`;
}
