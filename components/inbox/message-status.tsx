import type { Message, MessageStatus } from '@/lib/client/types';

// Delivery status of a message, as a WhatsApp-style tick with a label: queued (clock), sent (one
// tick), delivered (two), read (two, blue), failed (with the provider's error).

const look: Record<MessageStatus, { label: string; icon: string; className: string }> = {
  new: { label: 'New', icon: '○', className: 'text-slate-500' },
  queued: { label: 'Queued', icon: '🕓', className: 'text-slate-500' },
  accepted: { label: 'Accepted', icon: '✓', className: 'text-slate-500' },
  sent: { label: 'Sent', icon: '✓', className: 'text-slate-600' },
  delivered: { label: 'Delivered', icon: '✓✓', className: 'text-slate-600' },
  read: { label: 'Read', icon: '✓✓', className: 'text-sky-700' },
  failed: { label: 'Failed', icon: '⚠', className: 'text-rose-700' },
  received: { label: 'Received', icon: '↓', className: 'text-slate-500' },
};

export function messageStatusLabel(status: MessageStatus): string {
  return look[status]?.label ?? status;
}

/** The tick with its label; `compact` shows the tick alone (lists). A failure's reason shows on hover too. */
export function MessageStatusBadge({ message, compact = false }: {
  message: Pick<Message, 'status' | 'provider_error_code' | 'provider_error_message'>; compact?: boolean;
}) {
  const l = look[message.status] ?? { label: message.status, icon: '', className: 'text-slate-500' };
  const reason = [message.provider_error_code && `Error ${message.provider_error_code}`, message.provider_error_message].filter(Boolean).join(': ');
  return (
    <span className="inline-flex flex-col">
      <span data-testid="message-status" data-status={message.status} title={reason || l.label} aria-label={compact ? l.label : undefined}
        className={`inline-flex items-center gap-1 text-xs font-medium ${l.className}`}>
        <span aria-hidden="true">{l.icon}</span>{!compact && l.label}
      </span>
      {!compact && message.status === 'failed' && reason && (
        <span role="note" data-testid="message-error" className="mt-0.5 text-xs text-rose-700">{reason}</span>
      )}
    </span>
  );
}
