'use client';
import { CommitSelect } from '@/components/ui/commit-select';
import { useState } from 'react';
import { personName } from '@/components/people/person-name';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useMe } from '@/lib/client/me';
import { useMembers, useResetLink, useUpdateMember } from '@/lib/client/members';
import type { Member, Role } from '@/lib/client/types';
import { AddMemberForm } from './add-member-form';
import { OneTimeLink } from './one-time-link';
import { RoleBadge } from './role-badge';

export function MembersView() {
  const members = useMembers();
  const me = useMe();
  const isAdmin = me.data?.user.role === 'ADMIN';
  const [adding, setAdding] = useState(false);
  const [link, setLink] = useState<{ title: string; url: string; note: string } | null>(null);
  const update = useUpdateMember();
  const reset = useResetLink();
  // The row's controls are the role and the active switch: their messages read on their own.
  const body = errorBody(update.error ?? reset.error);
  const failure = [...topMessages(body, ['role', 'is_active']), ...messagesAt(body, ['role']), ...messagesAt(body, ['is_active'])];

  return (
    <>
      <PageHeader title="Members" description="Everyone who can sign in to this account, and what they may do."
        actions={isAdmin && !adding ? <Button onClick={() => { setAdding(true); setLink(null); }}>Add member</Button> : undefined} />
      <div className="space-y-6">
        {link && <OneTimeLink {...link} onDismiss={() => setLink(null)} />}
        {adding && (
          <AddMemberForm onCancel={() => setAdding(false)} onAdded={(added) => {
            setAdding(false);
            if (added.invitation_url) {
              setLink({
                title: `Invitation for ${added.email}`, url: added.invitation_url,
                note: 'Send this link to the new member: they choose their password through it. It works once, for 7 days, and is not shown again.',
              });
            }
          }} />
        )}
        <FormAlert messages={failure} />
        {members.isPending ? <LoadingState /> : members.isError ? <ErrorState error={members.error} onRetry={() => members.refetch()} /> : (
          <Card flush>
            {members.data.length === 0 ? <EmptyState title="No members yet" /> : (
              <Table label="Members">
                <thead><tr><Th>Member</Th><Th>Role</Th><Th>Teams</Th><Th>Joined</Th>{isAdmin && <Th><span className="sr-only">Actions</span></Th>}</tr></thead>
                <tbody className="divide-y divide-slate-100">
                  {members.data.map((m) => (
                    <MemberRow key={m.id} member={m} isAdmin={isAdmin} isMe={m.id === me.data?.user.id} busy={update.isPending || reset.isPending}
                      onRole={(role) => { update.reset(); update.mutate({ id: m.id, role }); }}
                      onActive={(is_active) => { update.reset(); update.mutate({ id: m.id, is_active }); }}
                      onReset={() => reset.mutate(m.id, {
                        onSuccess: (r) => setLink({
                          title: `Password reset link for ${m.email}`, url: r.url,
                          note: `${r.emailed ? 'It was also emailed to the member. ' : ''}It works once, for 24 hours, and is not shown again.`,
                        }),
                      })} />
                  ))}
                </tbody>
              </Table>
            )}
          </Card>
        )}
      </div>
    </>
  );
}

function MemberRow({ member: m, isAdmin, isMe, busy, onRole, onActive, onReset }: {
  member: Member; isAdmin: boolean; isMe: boolean; busy: boolean;
  onRole: (role: Role) => void; onActive: (active: boolean) => void; onReset: () => void;
}) {
  const name = personName(m);
  return (
    <tr data-testid={`member-${m.email}`} className={m.is_active ? '' : 'bg-slate-50 text-slate-500'}>
      {/* Name and email stacked in one column keep the table within a laptop's width beside the actions. */}
      <Td className="whitespace-normal">
        <div className="font-medium text-slate-900">
          {name}{isMe && <span className="ml-1 text-xs font-normal text-slate-500">(you)</span>}
          {!m.is_active && <span className="ml-2"><Badge tone="gray">Deactivated</Badge></span>}
        </div>
        <div className="break-all text-xs text-slate-500">{m.email}</div>
      </Td>
      <Td>
        {isAdmin ? (
          <CommitSelect aria-label={`Role of ${m.email}`} value={m.role} busy={busy} onCommit={(role) => { if (!busy) onRole(role as Role); }}
            className="rounded-md bg-white px-2 py-1 text-sm ring-1 ring-slate-500">
            <option value="ADMIN">Admin</option>
            <option value="AGENT">Agent</option>
          </CommitSelect>
        ) : <RoleBadge role={m.role} />}
      </Td>
      <Td className="whitespace-normal">{m.teams.map((t) => t.name).join(', ') || <span className="text-slate-500">—</span>}</Td>
      <Td>{m.invitation_pending ? <Badge tone="amber">Invited</Badge> : <DateTime value={m.date_joined} date />}</Td>
      {isAdmin && (
        <Td className="text-right">
          <div className="flex justify-end gap-2">
            {m.is_active && <Button variant="ghost" disabled={busy} onClick={onReset} aria-label={`Reset link for ${m.email}`}>Reset link</Button>}
            {m.is_active
              ? (
                <ConfirmButton variant="secondary" disabled={busy || isMe} ariaLabel={`Deactivate ${m.email}`} title={`Deactivate ${name}?`}
                  body="They are signed out at once, their API keys stop working, and they are no longer assigned new conversations. Their conversations and history stay; you can reactivate them later."
                  confirmLabel="Deactivate" onConfirm={() => onActive(false)}>
                  Deactivate
                </ConfirmButton>
              )
              : <Button variant="secondary" disabled={busy} onClick={() => onActive(true)} aria-label={`Reactivate ${m.email}`}>Reactivate</Button>}
          </div>
        </Td>
      )}
    </tr>
  );
}
