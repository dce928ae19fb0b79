'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { FormAlert } from '@/components/ui/form-alert';
import { TextArea } from '@/components/ui/text-field';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useSendMessage } from '@/lib/client/messages';
import type { Conversation } from '@/lib/client/types';

/** Free-form reply: explains the 24-hour window from `free_form_until`; the API has the last word. */
export function ReplyBox({ conversation }: { conversation: Conversation }) {
  const [body, setBody] = useState('');
  const send = useSendMessage(conversation.id);
  const errors = errorBody(send.error);
  const until = conversation.free_form_until;
  const open = until !== null && new Date(until).getTime() > Date.now();
  return (
    <form noValidate className="space-y-3 border-t border-slate-200 p-4" onSubmit={(e) => {
      e.preventDefault();
      send.mutate(body, { onSuccess: () => setBody('') });
    }}>
      <p data-testid="window-info" className={`text-sm ${open ? 'text-slate-600' : 'text-amber-800'}`}>
        {until === null
          ? 'The contact has not written yet: only template messages can be sent until they do.'
          : open
            ? <>Free-form replies are possible until <DateTime value={until} /> (24 hours after the contact&apos;s last message).</>
            : <>The 24-hour window closed at <DateTime value={until} />: only template messages can be sent until the contact writes again.</>}
      </p>
      <FormAlert messages={topMessages(errors, ['body'])} title="The message was not sent" />
      <TextArea label="Reply" name="body" rows={3} value={body} maxLength={4096} errors={messagesAt(errors, ['body'])}
        onChange={(e) => setBody(e.target.value)} placeholder="Type a message" />
      <div className="flex justify-end">
        <Button type="submit" disabled={send.isPending}>{send.isPending ? 'Sending…' : 'Send reply'}</Button>
      </div>
    </form>
  );
}
