import { Badge } from '@/components/ui/badge';
import type { ConversationStatus } from '@/lib/client/types';

const tone = {
  CREATED: 'gray', FLOW: 'indigo', NEW: 'amber', IN_PROGRESS: 'indigo', RESOLVED: 'green', CLOSED: 'gray',
} as const satisfies Record<ConversationStatus, string>;

export const conversationStatusLabel: Record<ConversationStatus, string> = {
  CREATED: 'Created', FLOW: 'In a flow', NEW: 'New', IN_PROGRESS: 'In progress', RESOLVED: 'Resolved', CLOSED: 'Closed',
};

export function ConversationStatusBadge({ status }: { status: ConversationStatus }) {
  return (
    <span data-testid="conversation-status" data-status={status}>
      <Badge tone={tone[status] ?? 'gray'}>{conversationStatusLabel[status] ?? status}</Badge>
    </span>
  );
}
