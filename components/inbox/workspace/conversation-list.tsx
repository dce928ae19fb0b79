'use client';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { memo, useEffect, useRef, useState } from 'react';
import { contactName } from '@/components/contacts/contact-name';
import { personName } from '@/components/people/person-name';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { inputClass } from '@/components/ui/text-field';
import { CONVERSATION_STATUSES } from '@/lib/client/conversations';
import { useInboxList } from '@/lib/client/inbox';
import { useMe } from '@/lib/client/me';
import { useMembers } from '@/lib/client/members';
import { useTeams } from '@/lib/client/account';
import type { Conversation, Member } from '@/lib/client/types';
import { useDebouncedValue } from '@/lib/client/use-debounced-value';
import { ConversationStatusBadge, conversationStatusLabel } from '../conversation-status-badge';
import { MessageStatusBadge } from '../message-status';
import { filterQuery, useInboxFilters, VIEWS } from './inbox-filters';
import { RelativeTime } from './relative-time';

/** Who sent an outbound message, as its preview names them: you, a teammate by first name, or what sent it. */
type SenderName = (m: NonNullable<Conversation['last_message']>) => string;

const BY_SOURCE: Record<string, string> = { API: 'API', BROADCAST: 'Broadcast', FLOW: 'Flow', INBOX: 'Team' };

function senderName(me: number | undefined, members: Member[] | undefined): SenderName {
  return (m) => {
    // What a broadcast or a flow sent is theirs, whoever created the broadcast.
    if (m.source === 'BROADCAST' || m.source === 'FLOW') return BY_SOURCE[m.source];
    if (m.sent_by !== null && m.sent_by === me) return 'You';
    const member = m.sent_by === null ? undefined : members?.find((x) => x.id === m.sent_by);
    if (member) return member.first_name || member.email;
    return BY_SOURCE[m.source] ?? 'Team';
  };
}

/** The assignees as the row names them; a deactivated one is marked (they will not answer). */
function assigneeNames(c: Conversation, inactive: Set<number>): string {
  return c.assigned.length ? c.assigned.map((u) => `${personName(u)}${inactive.has(u.id) ? ' (deactivated)' : ''}`).join(', ') : 'Unassigned';
}

function preview(c: Conversation, sender: SenderName): string {
  const m = c.last_message;
  if (!m) return 'No messages yet';
  const what = m.msg_type === 'text' || m.msg_type === 'template' ? '' : m.msg_type === 'note' ? 'Note: ' : `[${m.msg_type}] `;
  return `${m.direction === 'OUTBOUND' && m.msg_type !== 'note' ? `${sender(m)}: ` : ''}${what}${m.body}`;
}

// Rows are memoised: a live reload keeps the objects of unchanged conversations (the query
// cache shares what did not change), so only changed rows render again; rows off screen skip
// layout and paint (content-visibility), so a long list stays smooth as pages are appended.
const Row = memo(function Row({ c, open, query, text, assignees }: { c: Conversation; open: boolean; query: string; text: string; assignees: string }) {
  const m = c.last_message;
  return (
    <li className="[contain-intrinsic-size:auto_5.5rem] [content-visibility:auto]">
      <Link href={`/inbox/${c.id}${query}`} aria-current={open ? 'page' : undefined} data-testid="conversation-row" data-id={c.id}
        className={`block border-b border-slate-100 px-3 py-2.5 hover:bg-slate-50 focus:outline-none focus-visible:bg-indigo-50/60 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500 ${open ? 'bg-indigo-50' : ''}`}>
        <div className="flex items-center gap-2">
          <span className={`min-w-0 flex-1 truncate text-sm ${c.unread_count ? 'font-semibold text-slate-900' : 'font-medium text-slate-800'}`}>
            {contactName(c.contact_summary)}
            {c.contact_summary.is_deleted && <span className="ml-1.5 rounded bg-slate-100 px-1 text-[10px] font-medium uppercase text-slate-500">deleted</span>}
          </span>
          <span className="shrink-0 text-xs text-slate-500"><RelativeTime value={c.last_message_on} /></span>
        </div>
        <div className="mt-0.5 flex items-center gap-2">
          {m && m.direction === 'OUTBOUND' && m.msg_type !== 'note' && <MessageStatusBadge message={{ status: m.status, provider_error_code: null, provider_error_message: null }} compact />}
          <span data-testid="conversation-preview" className="min-w-0 flex-1 truncate text-xs text-slate-600">{text}</span>
          {c.unread_count > 0 && (
            <span data-testid="unread-count" aria-label={`${c.unread_count} unread`} className="shrink-0 rounded-full bg-emerald-600 px-1.5 text-xs font-semibold text-white">
              {c.unread_count}
            </span>
          )}
        </div>
        <div className="mt-1 flex items-center gap-2 text-xs text-slate-500">
          <ConversationStatusBadge status={c.status} />
          <span data-testid="conversation-assignee" className="truncate">{c.team ? `${c.team.name} · ` : ''}{assignees}</span>
          {c.tags.length > 0 && (
            <span data-testid="conversation-tags" className="ml-auto flex min-w-0 shrink gap-1 overflow-hidden">
              {c.tags.slice(0, 3).map((t) => <span key={t.id} className="truncate rounded-full bg-slate-100 px-1.5 text-[11px] text-slate-700">{t.name}</span>)}
              {c.tags.length > 3 && <span className="shrink-0 text-[11px] text-slate-600">+{c.tags.length - 3}</span>}
            </span>
          )}
        </div>
      </Link>
    </li>
  );
});

const VIEW_EMPTY: Record<string, string> = {
  mine: 'None is assigned to you.', unassigned: 'Every conversation has someone.', unread: 'Nothing is unread.',
  archived: 'None is archived.', all: 'Conversations show here when contacts write, or when you send them a template.',
};

/** Why the list is empty: the view, and the filters that narrow it, which one click clears. */
function EmptyList({ filters, teams, onClear }: { filters: ReturnType<typeof useInboxFilters>; teams: { id: number; name: string }[]; onClear: () => void }) {
  const narrowing = [
    filters.status && `status ${filters.status.split(',').map((s) => conversationStatusLabel[s as Conversation['status']] ?? s).join(' or ')}`,
    filters.tag && `tag “${filters.tag}”`,
    filters.team && (filters.team === 'none' ? 'no team' : `team ${teams.find((t) => String(t.id) === filters.team)?.name ?? filters.team}`),
    filters.q && `matching “${filters.q}”`,
  ].filter(Boolean);
  return (
    <EmptyState title="No conversations here">
      {narrowing.length ? (
        <>
          <p data-testid="empty-filters">None with {narrowing.join(', ')}{filters.view !== 'all' ? ` in ${VIEWS.find((v) => v.id === filters.view)?.label ?? filters.view}` : ''}.</p>
          <Button variant="secondary" className="mt-3" onClick={onClear}>Clear filters</Button>
        </>
      ) : <p>{VIEW_EMPTY[filters.view] ?? ''}</p>}
    </EmptyState>
  );
}

/** Views, status and tag filters, search, and the conversations, newest activity first. */
export function ConversationList({ openId }: { openId: string | null }) {
  const router = useRouter();
  const pathname = usePathname();
  const filters = useInboxFilters();
  const [search, setSearch] = useState(filters.q);
  const [tag, setTag] = useState(filters.tag);
  const debounced = useDebouncedValue(search, 300);
  // A tag is applied once typing pauses, as the search is (Enter applies it at once).
  const debouncedTag = useDebouncedValue(tag, 500);
  const members = useMembers().data;
  const teams = useTeams().data ?? [];
  const sender = senderName(useMe().data?.user.id, members);
  const inactive = new Set(members?.filter((m) => !m.is_active).map((m) => m.id));
  const go = (change: Partial<typeof filters>) => router.replace(`${pathname}${filterQuery({ ...filters, ...change })}`, { scroll: false });
  useEffect(() => {
    if (debounced !== filters.q) go({ q: debounced });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    if (debouncedTag.trim() !== filters.tag) go({ tag: debouncedTag.trim() });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedTag]);
  const list = useInboxList(filters);
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  const query = filterQuery(filters);
  // The next page loads as the agent nears the end of the list (the button stays for keyboards).
  const scroller = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  // Only while no other read is in flight: starting the next page would cancel a live reload, and
  // the change it carries would be lost (the observer, made again after it, asks then).
  const { hasNextPage, isFetching, fetchNextPage } = list;
  useEffect(() => {
    const root = scroller.current;
    const el = end.current;
    if (!root || !el || !hasNextPage || isFetching) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void fetchNextPage({ cancelRefetch: false });
    }, { root, rootMargin: '0px 0px 400px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, fetchNextPage, rows.length]);
  // The open conversation's row is brought into view once it is listed (opened by its URL, or by
  // j/k past the edge); the list's own scroller moves, never the page.
  const openListed = !!openId && rows.some((c) => c.id === openId);
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    const root = scroller.current;
    if (!openListed || !root || shownFor.current === openId) return;
    shownFor.current = openId;
    const row = root.querySelector(`[data-testid="conversation-row"][data-id="${CSS.escape(openId!)}"]`);
    if (!row) return;
    const r = row.getBoundingClientRect();
    const view = root.getBoundingClientRect();
    if (r.top < view.top) root.scrollTop -= view.top - r.top;
    else if (r.bottom > view.bottom) root.scrollTop += r.bottom - view.bottom;
  }, [openId, openListed]);

  return (
    <section aria-label="Conversations" className="flex h-full min-h-0 flex-col">
      <div className="space-y-2 border-b border-slate-200 p-3">
        <nav aria-label="Views" className="flex flex-wrap gap-1">
          {VIEWS.map((v) => (
            <button key={v.id} type="button" aria-pressed={filters.view === v.id} onClick={() => go({ view: v.id })}
              className={`rounded-md px-2 py-1 text-xs font-medium ${filters.view === v.id ? 'bg-indigo-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`}>
              {v.label}
            </button>
          ))}
        </nav>
        <input type="search" aria-label="Search conversations" placeholder="Search name, phone or message" value={search}
          onChange={(e) => setSearch(e.target.value)} className={inputClass} />
        <div className="flex flex-wrap gap-2 [&>*]:min-w-[7.5rem] [&>*]:flex-1">
          <select aria-label="Status filter" value={filters.status} onChange={(e) => go({ status: e.target.value })} className={`${inputClass} text-xs`}>
            <option value="">Any status</option>
            {/* The API takes a list: the conversations still to be worked on, without the resolved and closed. */}
            <option value="NEW,IN_PROGRESS">Open (new or in progress)</option>
            {CONVERSATION_STATUSES.map((s) => <option key={s} value={s}>{conversationStatusLabel[s]}</option>)}
          </select>
          <input aria-label="Tag filter" placeholder="Tag" title="A tag's exact name, or several separated by commas" value={tag} onChange={(e) => setTag(e.target.value)}
            onBlur={() => tag !== filters.tag && go({ tag: tag.trim() })}
            onKeyDown={(e) => { if (e.key === 'Enter') go({ tag: tag.trim() }); }} className={`${inputClass} text-xs`} />
          {/* A team's queue: the conversations handed to it (default team, a flow's hand-over). */}
          {(teams.length > 0 || filters.team) && (
            <select aria-label="Team filter" value={filters.team} onChange={(e) => go({ team: e.target.value })} className={`${inputClass} text-xs`}>
              <option value="">Any team</option>
              <option value="none">No team</option>
              {teams.map((t) => <option key={t.id} value={String(t.id)}>{t.name}</option>)}
            </select>
          )}
        </div>
      </div>
      <div ref={scroller} data-testid="list-scroller" className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? <LoadingState /> : list.isError && !list.data ? <div className="p-3"><ErrorState error={list.error} onRetry={() => list.refetch()} /></div>
          : rows.length === 0 ? <EmptyList filters={filters} teams={teams} onClear={() => { setSearch(''); setTag(''); go({ status: '', tag: '', team: '', q: '' }); }} />
            : (
              <>
                <ul aria-label="Conversation list">{rows.map((c) => <Row key={c.id} c={c} open={c.id === openId} query={query} text={preview(c, sender)} assignees={assigneeNames(c, inactive)} />)}</ul>
                {list.hasNextPage && (
                  <div ref={end} className="p-3 text-center">
                    <Button variant="secondary" onClick={() => list.fetchNextPage({ cancelRefetch: false })} disabled={list.isFetching}>
                      {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
                    </Button>
                  </div>
                )}
              </>
            )}
      </div>
    </section>
  );
}
