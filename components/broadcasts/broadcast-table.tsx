import Link from 'next/link';
import { DateTime } from '@/components/ui/date-time';
import { Table, Td, Th } from '@/components/ui/table';
import type { Broadcast } from '@/lib/client/types';
import { BroadcastStatusBadge } from './broadcast-status-badge';
import { SentProgress } from './sent-progress';

const fmt = new Intl.NumberFormat('en-US');

function Count({ value, tone = '' }: { value: number; tone?: string }) {
  return <Td className={`text-right tabular-nums ${value > 0 ? tone : 'text-slate-400'}`}>{fmt.format(value)}</Td>;
}

export function BroadcastTable({ broadcasts }: { broadcasts: Broadcast[] }) {
  return (
    <Table label="Broadcasts">
      <thead>
        <tr>
          <Th>Name</Th><Th>Status</Th><Th>Progress</Th>
          <Th className="text-right">Delivered</Th><Th className="text-right">Read</Th><Th className="text-right">Answered</Th>
          <Th className="text-right">Failed</Th><Th className="text-right">Skipped</Th><Th>Scheduled</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {broadcasts.map((b) => (
          <tr key={b.id} className="align-top hover:bg-slate-50" data-broadcast-id={b.id}>
            <Td className="max-w-56 whitespace-normal">
              <Link href={`/broadcasts/${b.id}`} className="break-words font-medium text-slate-900 hover:text-indigo-600 hover:underline">{b.name}</Link>
              <p className="mt-0.5 truncate font-mono text-xs text-slate-500">{b.chat_template?.name ?? 'Template deleted'}</p>
            </Td>
            <Td className="max-w-48 whitespace-normal">
              <BroadcastStatusBadge status={b.status} startOn={b.start_on} />
              {b.status_reason && <p className="mt-1 text-xs text-rose-700">{b.status_reason}</p>}
            </Td>
            <Td><SentProgress sent={b.sent} total={b.total} label={`${b.name}: progress`} /></Td>
            <Count value={b.delivered} />
            <Count value={b.read} />
            <Count value={b.answered} tone="text-emerald-700" />
            <Count value={b.failed} tone="font-medium text-rose-700" />
            <Count value={b.skipped} tone="text-amber-700" />
            <Td>
              {b.start_on ? <DateTime value={b.start_on} /> : <span>Immediately</span>}
              <p className="mt-0.5 text-xs text-slate-500">Created <DateTime value={b.created_on} date /></p>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
