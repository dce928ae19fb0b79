import type { Message, MessageStatus } from '@/lib/client/types';

// Delivery status of a message, as a WhatsApp-style tick with a label: queued (clock), sent (one
// tick), delivered (two), read (two, blue), failed (with the provider's error).

const look: Record<MessageStatus, { label: string; icon: string; className: string }> = {
  new: { label: 'New', icon: '○', className: 'text-slate-500' },
  queued: { label: 'Queued', icon: '🕓', className: 'text-slate-500' },
  accepted: { label: 'Accepted', icon: '✓', className: 'text-slate-500' },
  sent: { label: 'Sent', icon: '✓', className: 'text-slate-600' },
  delivered: { label: 'Delivered', icon: '✓✓', className: 'text-slate-600' },
  read: { label: 'Read', icon: '✓✓', className: 'text-sky-600' },
  failed: { label: 'Failed', icon: '⚠', className: 'text-rose-600' },
  received: { label: 'Received', icon: '↓', className: 'text-slate-500' },
};

export function messageStatusLabel(status: MessageStatus): string {
  return look[status]?.label ?? status;
}

export function MessageStatusBadge({ message }: { message: Pick<Message, 'status' | 'provider_error_code' | 'provider_error_message'> }) {
  const l = look[message.status] ?? { label: message.status, icon: '', className: 'text-slate-500' };
  return (
    <span className="inline-flex flex-col">
      <span data-testid="message-status" data-status={message.status} className={`inline-flex items-center gap-1 text-xs font-medium ${l.className}`}>
        <span aria-hidden="true">{l.icon}</span>{l.label}
      </span>
      {message.status === 'failed' && (message.provider_error_code || message.provider_error_message) && (
        <span role="note" data-testid="message-error" className="mt-0.5 text-xs text-rose-700">
          {[message.provider_error_code && `Error ${message.provider_error_code}`, message.provider_error_message].filter(Boolean).join(': ')}
        </span>
      )}
    </span>
  );
}
