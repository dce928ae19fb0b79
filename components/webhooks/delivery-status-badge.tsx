import { Badge } from '@/components/ui/badge';
import type { WebhookDeliveryStatus } from '@/lib/client/types';

const tone = { PENDING: 'amber', SUCCEEDED: 'green', FAILED: 'red' } as const;

export const deliveryStatusLabel: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'Pending', SUCCEEDED: 'Succeeded', FAILED: 'Failed',
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <span data-testid="delivery-status" data-status={status}><Badge tone={tone[status]}>{deliveryStatusLabel[status]}</Badge></span>;
}
