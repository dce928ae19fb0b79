'use client';
import { useId, useState } from 'react';
import { personName } from '@/components/people/person-name';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldErrors } from '@/components/ui/field-errors';
import { FormAlert } from '@/components/ui/form-alert';
import { SelectField, TextField } from '@/components/ui/text-field';
import { CONVERSATION_STATUSES, useUpdateConversation } from '@/lib/client/conversations';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useMembers } from '@/lib/client/members';
import type { Conversation, ConversationPatch, ConversationStatus } from '@/lib/client/types';
import { conversationStatusLabel } from './conversation-status-badge';

const SHOWN = ['status', 'assigned', 'tags'] as const;

const tagText = (c: Conversation) => c.tags.map((t) => t.name).join(', ');

/**
 * Status, assignees (account members) and tags, saved with PATCH …/update. A field the agent has
 * not touched shows the conversation as it is now (it refreshes live) and is not sent, so a save
 * never undoes a change made meanwhile by someone else, the API or a new message.
 */
export function ConversationSettings({ conversation }: { conversation: Conversation }) {
  const id = useId();
  const members = useMembers();
  const update = useUpdateConversation(conversation.id);
  // null: untouched, the current value is shown.
  const [statusEdit, setStatus] = useState<ConversationStatus | null>(null);
  const [assignedEdit, setAssignedEdit] = useState<number[] | null>(null);
  const [tagsEdit, setTags] = useState<string | null>(null);
  const status = statusEdit ?? conversation.status;
  const assigned = assignedEdit ?? conversation.assigned.map((u) => u.id);
  const tags = tagsEdit ?? tagText(conversation);
  const setAssigned = (change: (a: number[]) => number[]) => setAssignedEdit(change(assigned));
  const errors = errorBody(update.error);
  const assignedErrors = messagesAt(errors, ['assigned']);

  return (
    <Card title="Conversation">
      <form noValidate className="space-y-4" onSubmit={(e) => {
        e.preventDefault();
        const patch: ConversationPatch = {};
        if (statusEdit !== null && statusEdit !== conversation.status) patch.status = statusEdit;
        if (assignedEdit !== null) patch.assigned = assignedEdit.map((a) => ({ id: a }));
        if (tagsEdit !== null) patch.tags = tagsEdit.split(',').map((t) => t.trim()).filter(Boolean).map((name) => ({ name }));
        update.mutate(patch, { onSuccess: () => { setStatus(null); setAssignedEdit(null); setTags(null); } });
      }}>
        <FormAlert messages={topMessages(errors, SHOWN)} />
        <SelectField label="Status" value={status} errors={messagesAt(errors, ['status'])}
          onChange={(e) => setStatus(e.target.value as ConversationStatus)}>
          {CONVERSATION_STATUSES.map((s) => <option key={s} value={s}>{conversationStatusLabel[s]}</option>)}
        </SelectField>
        <fieldset aria-describedby={assignedErrors.length ? `${id}-assigned-errors` : undefined}>
          <legend className="text-sm font-medium text-slate-700">Assignees</legend>
          <div className="mt-1.5 space-y-1.5">
            {members.isPending ? <p className="text-sm text-slate-500">Loading members…</p>
              : members.isError ? <p className="text-sm text-rose-700">Could not load the members.</p>
                : members.data.map((m) => (
                  <label key={m.id} className="flex items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" className="size-4 accent-indigo-600" checked={assigned.includes(m.id)}
                      onChange={(e) => setAssigned((a) => (e.target.checked ? [...a, m.id] : a.filter((x) => x !== m.id)))} />
                    {personName(m)}
                  </label>
                ))}
          </div>
          <FieldErrors id={`${id}-assigned-errors`} messages={assignedErrors} />
        </fieldset>
        <TextField label="Tags" value={tags} hint="Separate tags with commas." errors={messagesAt(errors, ['tags'])}
          onChange={(e) => setTags(e.target.value)} />
        <div className="flex items-center justify-end gap-3">
          {update.isSuccess && !update.isPending && <span role="status" className="text-sm text-emerald-700">Saved</span>}
          <Button type="submit" disabled={update.isPending}>{update.isPending ? 'Saving…' : 'Save'}</Button>
        </div>
      </form>
    </Card>
  );
}
