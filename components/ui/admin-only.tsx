'use client';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useMe } from '@/lib/client/me';

/**
 * Shows `children` to admins only; an agent is told at once who can do this, rather than after
 * filling in a form the API would refuse.
 */
export function AdminOnly({ what, children }: { what: string; children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <LoadingState />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => me.refetch()} />;
  if (me.data.user.role !== 'ADMIN') {
    return (
      <div role="alert" className="rounded-lg border border-slate-200 bg-white px-6 py-10 text-center text-sm text-slate-600">
        Only admins can {what}. Ask an admin of {me.data.account.name} if you need it done.
      </div>
    );
  }
  return <>{children}</>;
}
