'use client';
import { DocumentTitle } from '@/components/ui/document-title';
import Link from 'next/link';
import { useState } from 'react';
import { TemplateTable } from '@/components/templates/template-table';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { CopyButton } from '@/components/ui/copy-button';
import { Pager } from '@/components/ui/pager';
import { isApiError } from '@/lib/client/api-fetch';
import { useChannel, useSyncTemplates, useTestCredentials } from '@/lib/client/channels';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { useMe } from '@/lib/client/me';
import { TEMPLATES_PAGE_SIZE, useTemplates } from '@/lib/client/templates';
import type { Channel } from '@/lib/client/types';
import { ChannelEditCard } from './channel-edit-card';
import { ChannelStatusBadge, providerLabel } from './channel-status-badge';
import { DetailRow } from '@/components/ui/detail-row';

function Masked({ value, testId }: { value: string; testId: string }) {
  return value ? <span data-testid={testId} className="font-mono">{value}</span> : <span className="text-slate-500">Not set</span>;
}

function ChannelTemplates({ channel }: { channel: Channel }) {
  const [page, setPage] = useState(1);
  const templates = useTemplates({ search: '', category: '', status: '', channel: channel.id, page });
  return (
    <Card flush title="Templates of this channel">
      {templates.isPending ? <LoadingState /> : templates.isError
        ? <div className="p-4"><ErrorState error={templates.error} onRetry={() => templates.refetch()} /></div>
        : templates.data.results.length === 0 ? (
          <EmptyState title="No templates yet">
            {channel.is_sandbox ? 'The sandbox channel comes with approved templates.' : 'Sync the templates to fetch the ones approved at the provider.'}
          </EmptyState>
        ) : (
          <>
            <TemplateTable templates={templates.data.results} showChannel={false} />
            <Pager label="Templates pagination" noun="templates" page={page} pageSize={TEMPLATES_PAGE_SIZE} count={templates.data.count}
              hasPrevious={!!templates.data.previous} hasNext={!!templates.data.next} onPage={setPage} />
          </>
        )}
    </Card>
  );
}

export function ChannelDetailView({ id }: { id: number }) {
  const me = useMe();
  const isAdmin = me.data?.user.role === 'ADMIN';
  const channel = useChannel(id);
  const test = useTestCredentials(id);
  const sync = useSyncTemplates(id);
  const back = <Link href="/settings/channels" className="text-slate-500 hover:text-slate-900">← Channels</Link>;

  if (channel.isPending) return <><PageHeader title="Channel" back={back} /><LoadingState /></>;
  if (channel.isError) {
    return (
      <>
        <PageHeader title="Channel" back={back} />
        {isApiError(channel.error, 404)
          ? <ErrorState error={new Error('This channel does not exist.')} />
          : <ErrorState error={channel.error} onRetry={() => channel.refetch()} />}
      </>
    );
  }
  const c = channel.data;
  const s = c.cloud_api_settings;
  return (
    <>
      <DocumentTitle parts={[c.name, 'Channel']} />
      <PageHeader title={c.name} description={`${providerLabel(c)} channel`} back={back}
        actions={isAdmin ? <>
          <Button variant="secondary" disabled={test.isPending} onClick={() => test.mutate()}>
            {test.isPending ? 'Testing…' : 'Test credentials'}
          </Button>
          <Button variant="secondary" disabled={sync.isPending} onClick={() => sync.mutate()}>
            {sync.isPending ? 'Syncing…' : 'Sync templates'}
          </Button>
        </> : undefined} />

      <div className="space-y-4">
        <div aria-live="polite" className="space-y-2">
          {test.isSuccess && (
            <div role="status" data-testid="credentials-result" data-ok={String(test.data.ok)}
              className={`rounded-md border px-4 py-3 text-sm ${test.data.ok ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-rose-200 bg-rose-50 text-rose-900'}`}>
              <p className="font-medium">{test.data.ok ? 'The credentials work' : test.data.reached ? 'The provider refused the credentials' : 'The credentials could not be checked'}</p>
              {/* Credentials that work say so in the heading already. */}
              {!test.data.ok && <p className="mt-0.5">{test.data.detail}</p>}
              {test.data.display_phone_number && <p className="mt-0.5">Number: {test.data.display_phone_number} {test.data.verified_name && `(${test.data.verified_name})`}</p>}
            </div>
          )}
          <FormAlert messages={topMessages(errorBody(test.error), [])} title="Could not test the credentials" />
          {sync.isSuccess && (
            <div role="status" data-testid="sync-result" className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
              Templates synced: <b data-testid="sync-fetched">{sync.data.fetched}</b> fetched, <b data-testid="sync-removed">{sync.data.removed}</b> removed.
            </div>
          )}
          <FormAlert messages={topMessages(errorBody(sync.error), [])} title="Could not sync the templates" />
        </div>

        <Card title="Channel">
          <dl className="divide-y divide-slate-100">
            <DetailRow label="Status"><ChannelStatusBadge status={c.status} /></DetailRow>
            <DetailRow label={c.is_sandbox ? 'Sandbox number' : 'Phone number ID'}><span className="font-mono">{c.channel_id}</span></DetailRow>
            <DetailRow label="Rate limit">{c.rate_limit} messages per second</DetailRow>
            <DetailRow label="Templates synced"><DateTime value={c.templates_synced_on} fallback="Never" /></DetailRow>
            <DetailRow label="Added"><DateTime value={c.created_on} /></DetailRow>
          </dl>
          {c.is_sandbox && (
            <p className="mt-3 text-sm text-slate-600">
              Messages on the sandbox never leave this service: open the <Link href="/sandbox" className="font-medium text-indigo-700 underline">sandbox phone</Link> to
              {' '}see what a number received and to reply as that contact.
            </p>
          )}
        </Card>

        {isAdmin && <ChannelEditCard key={c.id} channel={c} />}

        {c.callback_url && (
          <Card title="Callback URL">
            <p className="text-sm text-slate-600">
              Paste this URL into the provider&apos;s webhook settings, with the verify token you entered, and subscribe to the
              {' '}<code>messages</code> field. The provider sends inbound messages and delivery statuses here.
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <code data-testid="callback-url" className="break-all rounded bg-slate-100 px-2 py-1 text-sm">{c.callback_url}</code>
              <CopyButton text={c.callback_url} ariaLabel="Copy callback URL" />
            </div>
            {s && (
              <p className="mt-2 text-sm" data-testid="webhook-set">
                {s.webhook_set ? 'The provider has completed the verification handshake.' : 'The provider has not verified this URL yet.'}
              </p>
            )}
          </Card>
        )}

        {s && (
          <Card title="Cloud API settings">
            <p className="mb-2 text-sm text-slate-500">Secrets are stored encrypted and only shown masked.</p>
            <dl className="divide-y divide-slate-100">
              <DetailRow label="Phone number ID"><span className="font-mono">{s.phone_number_id}</span></DetailRow>
              <DetailRow label="Business account ID"><span className="font-mono">{s.chat_business_account_id}</span></DetailRow>
              <DetailRow label="App ID">{s.app_id ? <span className="font-mono">{s.app_id}</span> : <span className="text-slate-500">Not set</span>}</DetailRow>
              <DetailRow label="Base URL"><span className="font-mono">{s.base_url}</span></DetailRow>
              <DetailRow label="API version"><span className="font-mono">{s.api_version}</span></DetailRow>
              <DetailRow label="Access token"><Masked value={s.access_token_ro} testId="masked-access-token" /></DetailRow>
              <DetailRow label="App secret"><Masked value={s.app_token_ro} testId="masked-app-secret" /></DetailRow>
              <DetailRow label="Verify token"><Masked value={s.webhook_verify_token} testId="masked-verify-token" /></DetailRow>
            </dl>
          </Card>
        )}

        <ChannelTemplates channel={c} />
      </div>
    </>
  );
}
