import { Badge } from '@/components/ui/badge';
import type { TemplateStatus } from '@/lib/client/types';

const tone: Record<TemplateStatus, 'gray' | 'green' | 'red' | 'indigo' | 'amber'> = {
  approved: 'green', deleted: 'gray', disabled: 'gray', draft: 'gray', in_appeal: 'amber', pending: 'amber',
  pending_deletion: 'amber', rejected: 'red', submitted: 'indigo',
};

export function templateStatusLabel(s: TemplateStatus): string {
  const text = s.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `ACCOUNT_UPDATE` → "Account update"; an abbreviation stays in capitals (`OTP`). */
export function categoryLabel(c: string): string {
  if (c === 'OTP') return 'OTP';
  const text = c.replace(/_/g, ' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function TemplateStatusBadge({ status }: { status: TemplateStatus }) {
  return <span data-testid="template-status" data-status={status}><Badge tone={tone[status] ?? 'gray'}>{templateStatusLabel(status)}</Badge></span>;
}
