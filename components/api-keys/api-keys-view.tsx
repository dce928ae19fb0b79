'use client';
import { useState } from 'react';
import { AdminOnly } from '@/components/ui/admin-only';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useApiKeys, useRevokeApiKey } from '@/lib/client/api-keys';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import type { NewApiKey } from '@/lib/client/types';
import { CreateKeyForm } from './create-key-form';
import { KeyTable } from './key-table';
import { NewKeyNotice } from './new-key-notice';

export function ApiKeysView() {
  return (
    <>
      <PageHeader title="API keys" description="Keys let your systems call the API as a member of this account. Each key is shown once, when it is created." />
      {/* The keys are read only once the member is known to be an admin. */}
      <AdminOnly what="manage API keys"><ApiKeysPanel /></AdminOnly>
    </>
  );
}

function ApiKeysPanel() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<NewApiKey | null>(null);
  return (
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
  );
}
