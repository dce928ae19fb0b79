import { BlockedTargetError, checkOutboundUrl, guardedLookup, refusedLiteralHost, WEBHOOK_TARGETS } from '@/lib/net/outbound-guard';

// Webhook targets go through the shared outbound-URL guard (lib/net/outbound-guard.ts), checked
// when a subscription is saved and again on every delivery; WEBHOOK_ALLOW_PRIVATE_TARGETS lists
// hosts or addresses the operator allows anyway.

export { BlockedTargetError };

export function checkTarget(target: string): Promise<void> {
  return checkOutboundUrl(target, WEBHOOK_TARGETS);
}

export function targetRefusedLiteralHost(hostname: string): string | null {
  return refusedLiteralHost(hostname, WEBHOOK_TARGETS);
}

export function targetLookup(host: string) {
  return guardedLookup(host, WEBHOOK_TARGETS);
}
