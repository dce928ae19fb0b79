import { Badge } from '@/components/ui/badge';
import type { BroadcastStatus, RecipientStatus } from '@/lib/client/types';

type Tone = 'gray' | 'green' | 'red' | 'indigo' | 'amber';

const broadcastTone: Record<BroadcastStatus, Tone> = {
  PENDING: 'gray', RUNNING: 'indigo', PAUSED: 'amber', COMPLETED: 'green', CANCELED: 'gray', FAILED: 'red',
};

export const broadcastStatusLabel: Record<BroadcastStatus, string> = {
  PENDING: 'Pending', RUNNING: 'Sending', PAUSED: 'Paused', COMPLETED: 'Completed', CANCELED: 'Canceled', FAILED: 'Failed',
};

/** A PENDING broadcast whose start is still ahead reads as scheduled. */
export function broadcastLabel(status: BroadcastStatus, startOn: string | null, now = Date.now()): string {
  return status === 'PENDING' && startOn && Date.parse(startOn) > now ? 'Scheduled' : broadcastStatusLabel[status];
}

export function BroadcastStatusBadge({ status, startOn = null }: { status: BroadcastStatus; startOn?: string | null }) {
  return (
    <span data-testid="broadcast-status" data-status={status}>
      <Badge tone={broadcastTone[status]}>
        {status === 'RUNNING' && <span aria-hidden="true" className="mr-1.5 inline-block size-1.5 animate-pulse rounded-full bg-indigo-500" />}
        {broadcastLabel(status, startOn)}
      </Badge>
    </span>
  );
}

const recipientTone: Record<RecipientStatus, Tone> = {
  pending: 'gray', sent: 'indigo', delivered: 'indigo', read: 'green', answered: 'green', failed: 'red', skipped: 'amber',
};

export const recipientStatusLabel: Record<RecipientStatus, string> = {
  pending: 'Pending', sent: 'Sent', delivered: 'Delivered', read: 'Read', answered: 'Answered', failed: 'Failed', skipped: 'Skipped',
};

export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  return <span data-testid="recipient-status" data-status={status}><Badge tone={recipientTone[status]}>{recipientStatusLabel[status]}</Badge></span>;
}
