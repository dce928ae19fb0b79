import Link from 'next/link';
import { DateTime } from '@/components/ui/date-time';
import { Table, Td, Th } from '@/components/ui/table';
import type { Broadcast } from '@/lib/client/types';
import { BroadcastStatusBadge } from './broadcast-status-badge';
import { SentProgress } from './sent-progress';

const fmt = new Intl.NumberFormat('en-US');

/** The counters beyond "sent", compact: a label and a number each, the numbers aligned. */
function Counters({ b }: { b: Broadcast }) {
  const items: [string, number, string][] = [
    ['Delivered', b.delivered, 'text-slate-900'], ['Read', b.read, 'text-slate-900'], ['Answered', b.answered, 'text-emerald-700'],
    ['Failed', b.failed, 'font-semibold text-rose-700'], ...(b.skipped > 0 ? [['Skipped', b.skipped, 'text-amber-700'] as [string, number, string]] : []),
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-5 gap-y-0.5 text-xs">
      {items.map(([label, value, tone]) => (
        <div key={label} className="flex justify-between gap-2">
          <dt className="text-slate-500">{label}</dt>
          <dd className={`tabular-nums ${value > 0 ? tone : 'text-slate-500'}`}>{fmt.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function BroadcastTable({ broadcasts }: { broadcasts: Broadcast[] }) {
  return (
    <Table label="Broadcasts">
      <thead>
        <tr>
          <Th>Name</Th><Th>Status</Th><Th>Progress</Th>
          <Th>Outcome</Th><Th>Scheduled</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {broadcasts.map((b) => (
          <tr key={b.id} className="align-top hover:bg-slate-50" data-broadcast-id={b.id}>
            <Td className="whitespace-normal">
              <div className="min-w-40 max-w-64">
                <Link href={`/broadcasts/${b.id}`} className="break-words font-medium text-slate-900 hover:text-indigo-600 hover:underline">{b.name}</Link>
                <p className="mt-0.5 truncate font-mono text-xs text-slate-500">{b.chat_template?.name ?? 'Template deleted'}</p>
              </div>
            </Td>
            <Td className="whitespace-normal">
              <BroadcastStatusBadge status={b.status} startOn={b.start_on} />
              {b.status_reason && <p className="mt-1 min-w-32 max-w-48 text-xs text-rose-700">{b.status_reason}</p>}
            </Td>
            <Td><SentProgress sent={b.sent} total={b.total} label={`${b.name}: progress`} /></Td>
            <Td><Counters b={b} /></Td>
            <Td>
              {b.start_on ? <DateTime value={b.start_on} zone /> : <span>Immediately</span>}
              <p className="mt-0.5 text-xs text-slate-500">Created <DateTime value={b.created_on} date /></p>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
