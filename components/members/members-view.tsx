'use client';
import { personName } from '@/components/people/person-name';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { useMembers } from '@/lib/client/members';
import { RoleBadge } from './role-badge';

export function MembersView() {
  const members = useMembers();
  return (
    <>
      <PageHeader title="Members" description="Everyone who can sign in to this account, and what they may do." />
      {members.isPending ? <LoadingState /> : members.isError ? <ErrorState error={members.error} onRetry={() => members.refetch()} /> : (
        <Card flush>
          {members.data.length === 0 ? <EmptyState title="No members yet" /> : (
            <Table label="Members">
              <thead><tr><Th>Name</Th><Th>Email</Th><Th>Role</Th><Th>Joined</Th></tr></thead>
              <tbody className="divide-y divide-slate-100">
                {members.data.map((m) => (
                  <tr key={m.id}>
                    <Td className="font-medium text-slate-900">{personName(m)}</Td>
                    <Td>{m.email}</Td>
                    <Td><RoleBadge role={m.role} /></Td>
                    <Td><DateTime value={m.date_joined} date /></Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Card>
      )}
    </>
  );
}
