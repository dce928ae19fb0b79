import Link from 'next/link';
import { DateTime } from '@/components/ui/date-time';
import { Table, Td, Th } from '@/components/ui/table';
import type { WebhookSubscription } from '@/lib/client/types';
import { EventBadges } from './event-badges';
import { SubscriptionStatusBadge } from './subscription-status';

export function SubscriptionTable({ subscriptions }: { subscriptions: WebhookSubscription[] }) {
  return (
    <Table label="Webhook subscriptions">
      <thead><tr><Th>Target</Th><Th>Events</Th><Th>Status</Th><Th>Created</Th></tr></thead>
      <tbody className="divide-y divide-slate-100">
        {subscriptions.map((s) => (
          <tr key={s.id} className="align-top hover:bg-slate-50">
            <Td className="max-w-sm whitespace-normal">
              <Link href={`/webhooks/${s.id}`} className="break-all font-mono text-xs font-medium text-slate-900 hover:text-indigo-600 hover:underline">
                {s.target}
              </Link>
            </Td>
            <Td className="whitespace-normal"><EventBadges events={s.events} /></Td>
            <Td className="max-w-xs whitespace-normal">
              <SubscriptionStatusBadge subscription={s} />
              {!s.is_active && s.disabled_reason && (
                <p className="mt-1 text-xs text-rose-700">{s.disabled_reason}</p>
              )}
            </Td>
            <Td><DateTime value={s.created_on} /></Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
