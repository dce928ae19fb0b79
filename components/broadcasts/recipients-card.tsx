'use client';
import { formatPhone } from '@/lib/phone/format';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { EmptyState, ErrorState, LoadingState, Spinner } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { isApiError } from '@/lib/client/api-fetch';
import { RECIPIENT_STATUSES } from '@/lib/client/broadcast-status';
import { RECIPIENTS_PAGE_SIZE, useBroadcastRecipients } from '@/lib/client/broadcasts';
import type { BroadcastRecipient, RecipientStatus } from '@/lib/client/types';
import { useDebouncedValue } from '@/lib/client/use-debounced-value';
import { RecipientStatusBadge, recipientStatusLabel } from './broadcast-status-badge';

// As the counters above count them: "sent" is every recipient whose message went out (delivered,
// read and answered too), "delivered" those delivered or further, and so on down the funnel.
const FUNNEL: RecipientStatus[] = ['sent', 'delivered', 'read', 'answered'];
type Filter = string;
const FILTERS: { value: Filter; label: string }[] = [
  { value: '', label: 'All' },
  ...RECIPIENT_STATUSES.map((s) => ({ value: FUNNEL.includes(s) ? FUNNEL.slice(FUNNEL.indexOf(s)).join(',') : s, label: recipientStatusLabel[s] })),
];

function StatusFilter({ value, onChange }: { value: Filter; onChange: (v: Filter) => void }) {
  return (
    <div role="group" aria-label="Filter recipients by status" className="flex flex-wrap gap-1">
      {FILTERS.map((f) => (
        <button key={f.label} type="button" aria-pressed={value === f.value} onClick={() => onChange(f.value)}
          className={`rounded-md px-2.5 py-1.5 text-sm font-medium shadow-sm ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600
            ${value === f.value ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}>
          {f.label}
        </button>
      ))}
    </div>
  );
}

/** The latest thing that happened to the recipient. */
function lastChange(r: BroadcastRecipient): string | null {
  return r.answered_on ?? r.read_on ?? r.delivered_on ?? r.failed_on ?? r.sent_on ?? (r.status === 'skipped' ? r.updated_on : null);
}

/**
 * The broadcast's recipients in the order given, filtered by status and searched by phone, a page
 * at a time; read again right after each read of the broadcast (`broadcastReadAt` moves), so the
 * table and the counters above it differ by one round trip at most, not by a polling interval.
 */
export function RecipientsCard({ broadcastId, broadcastReadAt }: { broadcastId: number; broadcastReadAt: number }) {
  const [status, setStatus] = useState<Filter>('');
  const [page, setPage] = useState(1);
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 300);
  useEffect(() => setPage(1), [search]);
  const recipients = useBroadcastRecipients(broadcastId, { status, search, page });
  const firstRead = useRef(broadcastReadAt);
  const { refetch, isError } = recipients;
  useEffect(() => {
    // A slow page still being read is waited for, not cancelled; after an error, the retry is the reader's.
    if (broadcastReadAt !== firstRead.current && !isError) void refetch({ cancelRefetch: false });
  }, [broadcastReadAt, refetch, isError]);

  // A page past the end (the filtered set shrank as recipients moved on) goes back to the first.
  useEffect(() => {
    if (isApiError(recipients.error, 404) && page > 1) setPage(1);
  }, [recipients.error, page]);

  return (
    <Card title="Recipients" flush actions={recipients.isFetching && !recipients.isPending ? <Spinner className="size-4 text-slate-400" /> : undefined}>
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
        <StatusFilter value={status} onChange={(v) => { setStatus(v); setPage(1); }} />
        <SearchInput id="recipient-search" label="Search recipients by phone" placeholder="Search by phone" value={input} onChange={setInput}
          className="min-w-40 max-w-xs" />
      </div>
      {recipients.isPending ? <LoadingState /> : recipients.isError ? (
        <div className="p-4"><ErrorState error={recipients.error} onRetry={() => recipients.refetch()} /></div>
      ) : recipients.data.results.length === 0 ? (
        <EmptyState title={status || search ? 'No recipients match these filters' : 'No recipients'} />
      ) : (
        <>
          <Table label="Recipients">
            <thead><tr><Th>Phone</Th><Th>Status</Th><Th>Reason</Th><Th>Values</Th><Th>Last change</Th></tr></thead>
            <tbody className="divide-y divide-slate-100">
              {recipients.data.results.map((r) => (
                <tr key={r.id} className="align-top" data-recipient-phone={r.canonical_phone}>
                  <Td>
                    {r.contact
                      ? <Link href={`/contacts/${r.contact}`} className="font-mono text-xs font-medium text-slate-900 hover:text-indigo-600 hover:underline">{r.canonical_phone ? formatPhone(r.canonical_phone) : r.phone}</Link>
                      : <span className="font-mono text-xs">{r.canonical_phone ? formatPhone(r.canonical_phone) : r.phone}</span>}
                  </Td>
                  <Td><RecipientStatusBadge status={r.status} /></Td>
                  <Td className={`whitespace-normal ${r.status === 'failed' ? 'text-rose-700' : 'text-slate-600'}`}><div className="min-w-32 max-w-xs">{r.reason || <span className="text-slate-500">—</span>}</div></Td>
                  <Td className="text-slate-600">
                    <div className="max-w-xs truncate" title={r.data.join(' · ')}>{r.data.length ? r.data.join(' · ') : <span className="text-slate-500">—</span>}</div>
                  </Td>
                  <Td><DateTime value={lastChange(r)} fallback="Not yet" /></Td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager label="Recipients pagination" noun="recipients" page={page} pageSize={RECIPIENTS_PAGE_SIZE} countTestId="recipient-count"
            count={recipients.data.count} hasPrevious={!!recipients.data.previous} hasNext={!!recipients.data.next} onPage={setPage} />
        </>
      )}
    </Card>
  );
}
