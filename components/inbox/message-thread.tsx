'use client';
import { useEffect, useRef } from 'react';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/states';
import type { Message } from '@/lib/client/types';
import { MessageContent } from './message-content';
import { MessageStatusBadge } from './message-status';

/**
 * The messages of a conversation, oldest first: the contact's on the left, the business's on the
 * right with their delivery status. Scrolls to the newest when one arrives.
 */
export function MessageThread({ messages, total }: { messages: Message[]; total: number }) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [last]);
  if (!messages.length) return <EmptyState title="No messages yet" />;
  return (
    <div className="max-h-[60vh] overflow-y-auto bg-slate-50 p-4">
      {total > messages.length && (
        <p className="mb-3 text-center text-xs text-slate-500">Showing the latest {messages.length} of {total} messages.</p>
      )}
      <ol aria-label="Messages" className="space-y-3">
        {messages.map((m) => {
          const outbound = m.direction === 'OUTBOUND';
          return (
            <li key={m.id} data-testid="message" data-direction={m.direction} data-type={m.msg_type}
              className={`flex ${outbound ? 'justify-end' : 'justify-start'}`}>
              <div className={`max-w-[80%] rounded-lg px-3 py-2 shadow-sm ring-1 ${
                outbound ? 'bg-emerald-50 ring-emerald-200' : 'bg-white ring-slate-200'}`}>
                <div className="mb-1 flex items-center gap-2 text-xs text-slate-500">
                  <span className="font-medium">{outbound ? 'Sent' : 'Received'}</span>
                  <span className="rounded bg-slate-200/70 px-1 font-mono">{m.msg_type}</span>
                  <DateTime value={m.timestamp} />
                </div>
                <MessageContent message={m} />
                {outbound && <div className="mt-1 flex justify-end"><MessageStatusBadge message={m} /></div>}
              </div>
            </li>
          );
        })}
      </ol>
      <div ref={end} />
    </div>
  );
}
