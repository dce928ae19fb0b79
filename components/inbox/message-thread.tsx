'use client';
import { Fragment } from 'react';
import { personName } from '@/components/people/person-name';
import { EmptyState } from '@/components/ui/states';
import type { Message } from '@/lib/client/types';
import { MessageContent } from './message-content';
import { MessageStatusBadge } from './message-status';

const BY_SOURCE: Record<string, string> = { API: 'API', BROADCAST: 'Broadcast', FLOW: 'Flow' };

/** Who sent an outbound message: what a flow or a broadcast sent is theirs, else the member who sent it. */
function outboundSender(m: Message): string {
  if (m.source === 'FLOW' || m.source === 'BROADCAST') return BY_SOURCE[m.source];
  return m.sent_by ? personName(m.sent_by) : BY_SOURCE[m.source] ?? 'Sent';
}

/**
 * The messages of a conversation, oldest first, with a separator for each day (in `timeZone`, the
 * account's): the contact's on the left, the business's on the right with their ticks, internal
 * notes across in yellow. The open conversation's scrolling is its pane's (open-thread.tsx).
 */
export function MessageThread({ messages, total, timeZone, label = 'Messages' }: {
  messages: Message[];
  /** How many the conversation has, when `messages` are only its latest: said above them. */
  total?: number;
  timeZone?: string;
  /** The list's accessible name. */
  label?: string;
}) {
  if (!messages.length) return <EmptyState title="No messages yet" />;
  const dayOf = new Intl.DateTimeFormat(undefined, { timeZone, dateStyle: 'full' });
  const timeOf = new Intl.DateTimeFormat(undefined, { timeZone, hour: '2-digit', minute: '2-digit' });
  return (
    <div className="bg-slate-50 p-4">
      {total !== undefined && total > messages.length && (
        <p className="mb-3 text-center text-xs text-slate-500">Showing the latest {messages.length} of {total} messages.</p>
      )}
      <ol aria-label={label} className="space-y-3">
        {messages.map((m, i) => {
          const day = dayOf.format(new Date(m.timestamp));
          const newDay = i === 0 || dayOf.format(new Date(messages[i - 1].timestamp)) !== day;
          const note = m.msg_type === 'note';
          const outbound = m.direction === 'OUTBOUND';
          return (
            <Fragment key={m.id}>
              {newDay && (
                <li role="separator" data-testid="day-separator" className="flex items-center gap-3 text-xs text-slate-500">
                  <span className="h-px flex-1 bg-slate-200" />{day}<span className="h-px flex-1 bg-slate-200" />
                </li>
              )}
              <li data-testid="message" data-id={m.id} data-direction={m.direction} data-type={m.msg_type}
                className={`flex ${note ? 'justify-center' : outbound ? 'justify-end' : 'justify-start'}`}>
                <div className={`max-w-[85%] rounded-lg px-3 py-2 shadow-sm ring-1 ${note ? 'bg-amber-50 ring-amber-300'
                  : outbound ? 'bg-emerald-50 ring-emerald-200' : 'bg-white ring-slate-200'}`}>
                  <div className="mb-1 flex items-center gap-2 text-xs text-slate-500">
                    <span className="font-medium" data-testid="sender">{note ? `Internal note · ${personName(m.sent_by, 'agent')}` : outbound ? outboundSender(m) : 'Contact'}</span>
                    {!note && m.msg_type !== 'text' && <span className="rounded bg-slate-200/70 px-1 font-mono text-slate-700">{m.msg_type}</span>}
                    <time dateTime={m.timestamp} title={new Date(m.timestamp).toISOString()} className="shrink-0 whitespace-nowrap">{timeOf.format(new Date(m.timestamp))}</time>
                  </div>
                  <MessageContent message={m} />
                  {outbound && !note && <div className="mt-1 flex justify-end"><MessageStatusBadge message={m} /></div>}
                </div>
              </li>
            </Fragment>
          );
        })}
      </ol>
    </div>
  );
}
