'use client';
import { useState } from 'react';
import { personName } from '@/components/people/person-name';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { DateTime } from '@/components/ui/date-time';
import { FormAlert } from '@/components/ui/form-alert';
import { TextArea } from '@/components/ui/text-field';
import { useAddNote, useRemoveNote } from '@/lib/client/contacts';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import type { Contact } from '@/lib/client/types';

export function ContactNotes({ contact }: { contact: Contact }) {
  const [text, setText] = useState('');
  const add = useAddNote(contact.id);
  const remove = useRemoveNote(contact.id);
  const addErrors = errorBody(add.error);
  // Newest first, whatever order the API returns.
  const notes = [...contact.notes].sort((a, b) => String(b.created_on).localeCompare(String(a.created_on)));

  return (
    <div className="space-y-5">
      <form className="space-y-2" onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) add.mutate(text.trim(), { onSuccess: () => setText('') });
      }}>
        <FormAlert messages={topMessages(addErrors, ['notes'])} />
        <TextArea label="New note" rows={3} value={text} onChange={(e) => setText(e.target.value)}
          placeholder="What should the team know about this contact?" errors={messagesAt(addErrors, ['notes'])} />
        <div className="flex justify-end">
          <Button type="submit" disabled={add.isPending || !text.trim()}>{add.isPending ? 'Adding…' : 'Add note'}</Button>
        </div>
      </form>
      <FormAlert messages={topMessages(errorBody(remove.error), [])} />
      {notes.length === 0 ? <p className="text-sm text-slate-500">No notes yet.</p> : (
        <ul aria-label="Notes" className="space-y-3">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md border border-slate-200 bg-slate-50 p-3">
              <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{n.notes}</p>
              <div className="mt-2 flex items-center justify-between gap-2 text-xs text-slate-500">
                <span>{personName(n.created_by, 'Unknown author')} · <DateTime value={n.created_on} /></span>
                <ConfirmButton variant="ghost" ariaLabel="Remove note" title="Remove this note?"
                  body={<q className="line-clamp-3">{n.notes}</q>} confirmLabel="Remove note"
                  disabled={remove.isPending && remove.variables === n.id} onConfirm={() => remove.mutate(n.id)}>
                  Remove
                </ConfirmButton>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
