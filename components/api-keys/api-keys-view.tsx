'use client';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useApiKeys, useRevokeApiKey } from '@/lib/client/api-keys';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { useMe } from '@/lib/client/me';
import type { NewApiKey } from '@/lib/client/types';
import { CreateKeyForm } from './create-key-form';
import { KeyTable } from './key-table';
import { NewKeyNotice } from './new-key-notice';

export function ApiKeysView() {
  const me = useMe();
  const isAdmin = me.data?.user.role === 'ADMIN';
  const keys = useApiKeys(isAdmin);
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<NewApiKey | null>(null);

  const header = <PageHeader title="API keys" description="Keys let your systems call the API as a member of this account. Each key is shown once, when it is created." />;
  if (me.isPending) return <>{header}<LoadingState /></>;
  if (me.isError) return <>{header}<ErrorState error={me.error} onRetry={() => me.refetch()} /></>;
  if (!isAdmin) {
    return (
      <>
        {header}
        <div role="alert" className="rounded-lg border border-slate-200 bg-white px-6 py-10 text-center text-sm text-slate-600">
          Only admins can manage API keys. Ask an admin of {me.data.account.name} if you need one.
        </div>
      </>
    );
  }
  return (
    <>
      {header}
      <div className="space-y-6">
        {created && <NewKeyNotice apiKey={created} onDismiss={() => setCreated(null)} />}
        <Card title="Create a key"><CreateKeyForm onCreated={setCreated} /></Card>
        <Card title="Keys" flush>
          <div className={revoke.isError ? 'p-4' : ''}><FormAlert messages={topMessages(errorBody(revoke.error), [])} /></div>
          {keys.isPending ? <LoadingState /> : keys.isError ? <div className="p-4"><ErrorState error={keys.error} onRetry={() => keys.refetch()} /></div> : (
            <KeyTable keys={keys.data} revokingId={revoke.isPending ? revoke.variables ?? null : null} onRevoke={(id) => revoke.mutate(id)} />
          )}
        </Card>
      </div>
    </>
  );
}
