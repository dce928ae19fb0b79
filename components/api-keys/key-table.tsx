'use client';
import { personName } from '@/components/people/person-name';
import { Badge } from '@/components/ui/badge';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import type { ApiKey } from '@/lib/client/types';

export function KeyTable({ keys, onRevoke, revokingId }: { keys: ApiKey[]; onRevoke: (id: number) => void; revokingId: number | null }) {
  if (!keys.length) return <EmptyState title="No API keys yet">Create one above to call the API from your systems.</EmptyState>;
  return (
    <Table label="API keys">
      <thead>
        <tr><Th>Name</Th><Th>Prefix</Th><Th>Acts as</Th><Th>Created by</Th><Th>Created</Th><Th>Last used</Th><Th>Status</Th><Th><span className="sr-only">Actions</span></Th></tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {keys.map((k) => (
          <tr key={k.id} className={k.is_active ? '' : 'text-slate-500'}>
            <Td className="font-medium text-slate-900">{k.name}</Td>
            <Td><code className="font-mono text-xs">{k.prefix}…</code></Td>
            <Td>{personName(k.user)}</Td>
            <Td>{personName(k.created_by)}</Td>
            <Td><DateTime value={k.created_on} /></Td>
            <Td><DateTime value={k.last_used_on} fallback="Never" /></Td>
            <Td>
              {k.is_active ? <Badge tone="green">Active</Badge> : k.revoked_on ? <Badge tone="red">Revoked</Badge>
                : <span title="Its member is deactivated: refused until they are reactivated."><Badge tone="amber">Suspended</Badge></span>}
            </Td>
            <Td className="text-right">
              {!k.revoked_on && (
                <ConfirmButton variant="ghost" ariaLabel={`Revoke ${k.name}`} title={`Revoke “${k.name}”?`}
                  body="Requests using this key will be refused from now on. This cannot be undone."
                  confirmLabel="Revoke key" disabled={revokingId === k.id} onConfirm={() => onRevoke(k.id)}>
                  {revokingId === k.id ? 'Revoking…' : 'Revoke'}
                </ConfirmButton>
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
