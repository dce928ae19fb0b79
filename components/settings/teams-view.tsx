'use client';
import { useState } from 'react';
import { personName } from '@/components/people/person-name';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { SelectField, TextField } from '@/components/ui/text-field';
import { useDeleteTeam, useSaveTeam, useTeams, type TeamValues } from '@/lib/client/account';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useMe } from '@/lib/client/me';
import { useMembers } from '@/lib/client/members';
import type { TeamDetail } from '@/lib/client/types';
import { ConfirmButton } from '@/components/ui/confirm-button';

const STRATEGIES: { value: TeamDetail['assignment_strategy']; label: string; hint: string }[] = [
  { value: 'MANUAL', label: 'Manual', hint: 'New conversations go to the team; a member takes them.' },
  { value: 'ROUND_ROBIN', label: 'Round robin', hint: 'Each new conversation goes to the next active member in turn.' },
  { value: 'LEAST_BUSY', label: 'Least busy', hint: 'Each new conversation goes to the active member with the fewest open ones.' },
];

export function TeamsView() {
  const teams = useTeams();
  const me = useMe();
  const isAdmin = me.data?.user.role === 'ADMIN';
  const [editing, setEditing] = useState<TeamDetail | 'new' | null>(null);
  const remove = useDeleteTeam();
  return (
    <>
      <PageHeader title="Teams" description="Groups of members. The account's default team receives new inbound conversations (see Account settings)."
        actions={isAdmin && !editing ? <Button onClick={() => setEditing('new')}>New team</Button> : undefined} />
      <div className="space-y-6">
        {editing && <TeamForm key={editing === 'new' ? 'new' : editing.id} team={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
        <FormAlert messages={topMessages(errorBody(remove.error), [])} />
        {teams.isPending ? <LoadingState /> : teams.isError ? <ErrorState error={teams.error} onRetry={() => teams.refetch()} /> : teams.data.length === 0 ? (
          <Card><EmptyState title="No teams yet">{isAdmin ? 'Create one to assign new conversations automatically.' : null}</EmptyState></Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {teams.data.map((t) => (
              <li key={t.id}>
                <Card title={<span className="flex items-center gap-2">{t.name}{t.is_default && <Badge tone="indigo">Default</Badge>}</span>}
                  actions={isAdmin ? (
                    <span className="flex gap-1">
                      <Button variant="ghost" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>Edit</Button>
                      <ConfirmButton variant="ghost" disabled={remove.isPending} ariaLabel={`Delete ${t.name}`} title={`Delete the team "${t.name}"?`}
                        confirmLabel="Delete team" body="Its conversations keep their assignees." onConfirm={() => remove.mutate(t.id)}>Delete</ConfirmButton>
                    </span>
                  ) : undefined}>
                  <p className="text-sm text-slate-600">{STRATEGIES.find((s) => s.value === t.assignment_strategy)?.label}</p>
                  <p className="mt-2 text-sm text-slate-900">{t.members.map((m) => personName(m)).join(', ') || <span className="text-slate-500">No members</span>}</p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function TeamForm({ team, onDone }: { team: TeamDetail | null; onDone: () => void }) {
  const members = useMembers();
  const save = useSaveTeam();
  const [values, setValues] = useState<TeamValues>({
    name: team?.name ?? '', assignment_strategy: team?.assignment_strategy ?? 'ROUND_ROBIN', members: team?.members.map((m) => ({ id: m.id })) ?? [],
  });
  const errors = errorBody(save.error);
  const chosen = new Set(values.members.map((m) => m.id));
  const toggle = (id: number, on: boolean) => setValues((v) => ({
    ...v, members: on ? [...v.members, { id }] : v.members.filter((m) => m.id !== id),
  }));
  return (
    <Card title={team ? `Edit ${team.name}` : 'New team'}>
      <form noValidate className="space-y-5" onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ ...values, id: team?.id }, { onSuccess: onDone });
      }}>
        <FormAlert messages={topMessages(errors, ['name', 'assignment_strategy', 'members'])} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Name" value={values.name} maxLength={150} errors={messagesAt(errors, ['name'])}
            onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} />
          <SelectField label="Assignment" value={values.assignment_strategy} errors={messagesAt(errors, ['assignment_strategy'])}
            hint={STRATEGIES.find((s) => s.value === values.assignment_strategy)?.hint}
            onChange={(e) => setValues((v) => ({ ...v, assignment_strategy: e.target.value as TeamValues['assignment_strategy'] }))}>
            {STRATEGIES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
          </SelectField>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Members</legend>
          <div className="mt-2 grid gap-1.5 sm:grid-cols-2">
            {members.data?.filter((m) => m.is_active || chosen.has(m.id)).map((m) => (
              <label key={m.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={chosen.has(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} className="size-4 accent-indigo-600" />
                {personName(m)} <span className="text-slate-500">{m.email}</span>
              </label>
            ))}
          </div>
          {messagesAt(errors, ['members']).length > 0 && <p className="mt-1 text-xs text-rose-700">{messagesAt(errors, ['members']).join(' ')}</p>}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
          <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving…' : team ? 'Save team' : 'Create team'}</Button>
        </div>
      </form>
    </Card>
  );
}
