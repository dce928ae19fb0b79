'use client';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState, Spinner } from '@/components/ui/states';
import { useFirstPageWhenPastEnd, useUrlListState } from '@/lib/client/use-url-list-state';
import { useMe } from '@/lib/client/me';
import { WEBHOOKS_PAGE_SIZE, useWebhookSubscriptions } from '@/lib/client/webhooks';
import { Pager } from '@/components/ui/pager';
import { SubscriptionTable } from './subscription-table';
import { SearchInput } from '@/components/ui/search-input';

/** Search (by target) and page live in the URL (?search=&page=), like the contact list. */
export function WebhookListView() {
  // Only admins decide where the account's events go (the API refuses agents these writes).
  const isAdmin = useMe().data?.user.role === 'ADMIN';
  const { search, page, input, setInput, go } = useUrlListState();

  const subscriptions = useWebhookSubscriptions(search, page);
  useFirstPageWhenPastEnd(subscriptions.error, page, go);

  const disabledBySystem = subscriptions.data?.results.filter((s) => !s.is_active && s.disabled_reason).length ?? 0;

  return (
    <>
      <PageHeader title="Webhooks"
        description="Send contact, message, conversation and flow events to your own systems as signed HTTP POST requests."
        actions={isAdmin ? <ButtonLink href="/webhooks/new">New subscription</ButtonLink> : undefined} />
      {disabledBySystem > 0 && (
        <div role="alert" className="mb-4 rounded-md border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800">
          {disabledBySystem === 1 ? 'One subscription was' : `${disabledBySystem} subscriptions were`} switched off because
          {' '}{disabledBySystem === 1 ? 'its target' : 'their targets'} kept failing. Open it to see why and switch it back on.
        </div>
      )}
      <Card flush>
        <div className="flex items-center gap-3 border-b border-slate-200 p-4">
          <SearchInput id="webhook-search" label="Search webhooks" placeholder="Search by target URL" value={input} onChange={setInput} />
          {subscriptions.isFetching && !subscriptions.isPending && <Spinner className="size-4 text-slate-400" />}
        </div>
        {subscriptions.isPending ? <LoadingState /> : subscriptions.isError ? (
          <div className="p-4"><ErrorState error={subscriptions.error} onRetry={() => subscriptions.refetch()} /></div>
        ) : subscriptions.data.results.length === 0 ? (
          search ? <EmptyState title={`No subscriptions match “${search}”`}>The search looks at target URLs.</EmptyState>
            : <EmptyState title="No webhook subscriptions yet">{isAdmin
              ? <>Create one with <b>New subscription</b> to be told when contacts or flows change.</>
              : <>An admin can add one to have changes to contacts and flows sent to your systems.</>}</EmptyState>
        ) : (
          <>
            <SubscriptionTable subscriptions={subscriptions.data.results} />
            <Pager label="Subscriptions pagination" noun="subscriptions" page={page} pageSize={WEBHOOKS_PAGE_SIZE}
              count={subscriptions.data.count} hasPrevious={!!subscriptions.data.previous} hasNext={!!subscriptions.data.next}
              onPage={(p) => go({ page: p })} />
          </>
        )}
      </Card>
    </>
  );
}
