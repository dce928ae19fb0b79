'use client';
import { useEffect, useRef } from 'react';
import { MessageContent } from '@/components/inbox/message-content';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/states';
import type { Message } from '@/lib/client/types';

/** The phone's view: what the business sent on the left, the contact's own messages on the right. */
export function PhoneThread({ messages, total }: { messages: Message[]; total: number }) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [last]);
  if (!messages.length) return <EmptyState title="Nothing received yet">Messages sent to this number on the sandbox show here.</EmptyState>;
  return (
    <div className="max-h-[60vh] overflow-y-auto bg-[#e5ddd5] p-4">
      {total > messages.length && <p className="mb-3 text-center text-xs text-slate-600">The latest {messages.length} of {total} messages.</p>}
      <ol aria-label="Phone messages" className="space-y-2">
        {messages.map((m) => {
          const mine = m.direction === 'INBOUND';
          return (
            <li key={m.id} data-testid="phone-message" data-direction={mine ? 'sent' : 'received'} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
              <div className={`max-w-[85%] rounded-lg px-3 py-2 shadow-sm ${mine ? 'bg-[#dcf8c6]' : 'bg-white'}`}>
                <MessageContent message={m} />
                <p className="mt-1 text-right text-[11px] text-slate-500">
                  {mine ? 'You' : 'Received'} · <DateTime value={m.timestamp} />
                  {!mine && m.status === 'failed' && <span className="ml-1 text-rose-700">(failed)</span>}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      <div ref={end} />
    </div>
  );
}
