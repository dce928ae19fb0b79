'use client';
import { useState } from 'react';
import { personName } from '@/components/people/person-name';
import { CommitSelect } from '@/components/ui/commit-select';
import { FormAlert } from '@/components/ui/form-alert';
import { inputClass } from '@/components/ui/text-field';
import { CONVERSATION_STATUSES, useUpdateConversation } from '@/lib/client/conversations';
import { useTeams } from '@/lib/client/account';
import type { DrfBody } from '@/lib/client/api-fetch';
import { errorBody, messagesAt } from '@/lib/client/drf-errors';
import { useMe } from '@/lib/client/me';
import { useMembers } from '@/lib/client/members';
import type { Conversation, ConversationStatus } from '@/lib/client/types';
import { conversationStatusLabel } from '../conversation-status-badge';

// What each field of a refused change is called on this panel.
const FIELD_LABELS: Record<string, string> = {
  status: 'Status', assigned: 'Assignee', add_assigned: 'Assignee', remove_assigned: 'Assignee',
  team: 'Team', tags: 'Tag', add_tags: 'Tag', remove_tags: 'Tag',
};

/** A refused change's messages, each led by the panel's name of its field rather than the API's. */
function changeMessages(body: DrfBody | null): string[] {
  if (!body) return [];
  return Object.keys(body).flatMap((key) => messagesAt(body, [key])
    .map((m) => (key === 'detail' || key === 'non_field_errors' ? m : `${FIELD_LABELS[key] ?? key}: ${m}`)));
}

/**
 * Status, assignees, team and tags, each applied the moment it is chosen (CommitSelect). Assignees and tags are sent as
 * what to add or take off, never as the whole list this screen last saw: what another agent changed
 * meanwhile is kept, and the controls show the live value.
 */
export function ConversationActions({ conversation: c }: { conversation: Conversation }) {
  const update = useUpdateConversation(c.id);
  const members = useMembers();
  const teams = useTeams();
  const me = useMe();
  const [tagText, setTagText] = useState('');
  const assignedIds = c.assigned.map((u) => u.id);
  const errors = errorBody(update.error);
  return (
    <div className="space-y-3 text-sm">
      <FormAlert messages={changeMessages(errors)} title="The change was not saved" />
      <label className="block">
        <span className="font-medium text-slate-700">Status</span>
        <CommitSelect aria-label="Status" value={c.status} className={`${inputClass} mt-1`} busy={update.isPending}
          onCommit={(status) => update.mutate({ status: status as ConversationStatus })}>
          {/* Created and In a flow are set by the system: shown while current, never offered. */}
          {CONVERSATION_STATUSES.filter((s) => s === c.status || (s !== 'CREATED' && s !== 'FLOW'))
            .map((s) => <option key={s} value={s} disabled={s === 'CREATED' || s === 'FLOW'}>{conversationStatusLabel[s]}</option>)}
        </CommitSelect>
      </label>
      <div>
        <div className="flex items-center justify-between">
          <span className="font-medium text-slate-700">Assigned to</span>
          {me.data && !assignedIds.includes(me.data.user.id) && (
            <button type="button" className="text-xs font-medium text-indigo-700 hover:underline"
              onClick={() => update.mutate({ add_assigned: [{ id: me.data.user.id }] })}>Assign to me</button>
          )}
        </div>
        <CommitSelect aria-label="Assign to" value="" className={`${inputClass} mt-1`} busy={update.isPending}
          onCommit={(id) => id && update.mutate({ add_assigned: [{ id: Number(id) }] })}>
          <option value="">{c.assigned.length ? 'Add an assignee…' : 'Unassigned: assign to…'}</option>
          {members.data?.filter((m) => m.is_active && !assignedIds.includes(m.id)).map((m) => <option key={m.id} value={m.id}>{personName(m)}</option>)}
        </CommitSelect>
        <ul aria-label="Assignees" className="mt-1.5 flex flex-wrap gap-1">
          {c.assigned.map((u) => {
            // A deactivated member stays assigned until taken off, but will not answer: said so.
            const gone = members.data?.some((m) => m.id === u.id && !m.is_active);
            return (
            <li key={u.id} data-deactivated={gone || undefined} className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs ${gone ? 'bg-slate-100 text-slate-500' : 'bg-indigo-50 text-indigo-800'}`}>
              {personName(u)}{gone && <span className="italic"> (deactivated)</span>}
              <button type="button" aria-label={`Unassign ${personName(u)}`} className="text-indigo-500 hover:text-indigo-900"
                onClick={() => update.mutate({ remove_assigned: [{ id: u.id }] })}>×</button>
            </li>
            );
          })}
        </ul>
      </div>
      <label className="block">
        <span className="font-medium text-slate-700">Team</span>
        <CommitSelect aria-label="Team" value={c.team ? String(c.team.id) : ''} className={`${inputClass} mt-1`} busy={update.isPending}
          onCommit={(id) => update.mutate({ team: id ? Number(id) : null })}>
          <option value="">No team</option>
          {/* The current team shows even before the list has loaded. */}
          {c.team && !teams.data?.some((t) => t.id === c.team!.id) && <option value={c.team.id}>{c.team.name}</option>}
          {teams.data?.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
        </CommitSelect>
        {c.team ? (
          <span data-testid="conversation-team" className="mt-1 block text-xs text-slate-600">In the queue of the team <b className="font-medium text-slate-800">{c.team.name}</b>.</span>
        ) : (
          <span className="mt-1 block text-xs text-slate-500">Moved to a team with nobody assigned, it goes to one of the team&apos;s members.</span>
        )}
      </label>
      <div>
        <span className="font-medium text-slate-700">Tags</span>
        <ul aria-label="Conversation tags" className="mt-1 flex flex-wrap gap-1">
          {c.tags.map((t) => (
            <li key={t.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {t.name}
              <button type="button" aria-label={`Remove tag ${t.name}`} className="text-slate-500 hover:text-slate-900"
                onClick={() => update.mutate({ remove_tags: [{ name: t.name }] })}>×</button>
            </li>
          ))}
        </ul>
        <form className="mt-1.5" onSubmit={(e) => {
          e.preventDefault();
          const name = tagText.trim();
          if (!name) return;
          // The text stays until the tag is saved, so a refused one can be corrected.
          update.mutate({ add_tags: [{ name }] }, { onSuccess: () => setTagText('') });
        }}>
          <input aria-label="Add tag" placeholder="Tag this conversation, then Enter" value={tagText} onChange={(e) => setTagText(e.target.value)} className={inputClass} />
        </form>
      </div>
    </div>
  );
}
