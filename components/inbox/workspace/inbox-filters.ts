'use client';
import { useSearchParams } from 'next/navigation';
import type { InboxFilters } from '@/lib/client/inbox';

// The list's view, status, tag, team and search live in the URL beside the open conversation, so back,
// forward and shared links show the same list.

export const VIEWS = [
  { id: 'mine', label: 'Mine' },
  { id: 'unassigned', label: 'Unassigned' },
  { id: 'unread', label: 'Unread' },
  { id: 'all', label: 'All' },
  // Closed conversations leave the other views when the account archives them (Settings → Account).
  { id: 'archived', label: 'Archived' },
] as const;

export function useInboxFilters(): InboxFilters {
  const p = useSearchParams();
  return { view: p.get('view') ?? 'all', status: p.get('status') ?? '', tag: p.get('tag') ?? '', q: p.get('q') ?? '', team: p.get('team') ?? '' };
}

/** The query string of these filters (for links that keep them). */
export function filterQuery(f: InboxFilters): string {
  const qs = new URLSearchParams();
  if (f.view !== 'all') qs.set('view', f.view);
  if (f.status) qs.set('status', f.status);
  if (f.tag) qs.set('tag', f.tag);
  if (f.team) qs.set('team', f.team);
  if (f.q) qs.set('q', f.q);
  return qs.size ? `?${qs}` : '';
}
