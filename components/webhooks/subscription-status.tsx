import { Badge } from '@/components/ui/badge';
import type { WebhookSubscription } from '@/lib/client/types';

/** Active; switched off by a person; or switched off by the system (with `disabled_reason`). */
export function subscriptionState(s: Pick<WebhookSubscription, 'is_active' | 'disabled_reason'>) {
  if (s.is_active) return 'active' as const;
  return s.disabled_reason ? 'auto-disabled' as const : 'disabled' as const;
}

export function SubscriptionStatusBadge({ subscription }: { subscription: Pick<WebhookSubscription, 'is_active' | 'disabled_reason'> }) {
  const state = subscriptionState(subscription);
  return (
    <span data-testid="subscription-status">
      {state === 'active' ? <Badge tone="green">Active</Badge>
        : state === 'auto-disabled' ? <Badge tone="red">Disabled by the system</Badge>
          : <Badge>Disabled</Badge>}
    </span>
  );
}
