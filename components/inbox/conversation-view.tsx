'use client';
import Link from 'next/link';
import { contactName } from '@/components/contacts/contact-name';
import { personName } from '@/components/people/person-name';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState, Spinner } from '@/components/ui/states';
import { isApiError } from '@/lib/client/api-fetch';
import { useConversation, useConversationContact } from '@/lib/client/conversations';
import { useConversationMessages } from '@/lib/client/messages';
import { ConversationSettings } from './conversation-settings';
import { ContactFlows } from '@/components/flows/contact-flows';
import { ConversationStatusBadge } from './conversation-status-badge';
import { MessageThread } from './message-thread';
import { ReplyBox } from './reply-box';

export function ConversationView({ id }: { id: string }) {
  const conversation = useConversation(id);
  const messages = useConversationMessages(id);
  const contact = useConversationContact(conversation.data?.contact);
  const back = <Link href="/inbox" className="text-slate-500 hover:text-slate-900">← Inbox</Link>;

  if (conversation.isPending) return <><PageHeader title="Conversation" back={back} /><LoadingState /></>;
  if (conversation.isError) {
    return (
      <>
        <PageHeader title="Conversation" back={back} />
        {isApiError(conversation.error, 404)
          ? <ErrorState error={new Error('This conversation does not exist.')} />
          : <ErrorState error={conversation.error} onRetry={() => conversation.refetch()} />}
      </>
    );
  }
  const c = conversation.data;
  const title = contact.data ? contactName(contact.data) : 'Conversation';
  return (
    <>
      <PageHeader title={title} back={back}
        description={<span className="inline-flex flex-wrap items-center gap-2">
          {contact.data && <span className="font-mono">{contact.data.phone}</span>}
          <ConversationStatusBadge status={c.status} />
          <span>Started <DateTime value={c.created_on} /></span>
        </span>}
        actions={<>
          <Link href={`/contacts/${c.contact}`} className="text-sm font-medium text-indigo-700 hover:underline">Contact</Link>
          {contact.data && (
            <Link href={`/sandbox?phone=${encodeURIComponent(contact.data.phone)}`} className="text-sm font-medium text-indigo-700 hover:underline">
              Sandbox phone
            </Link>
          )}
        </>} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Card flush title="Messages" actions={messages.isFetching && !messages.isPending ? <Spinner className="size-4 text-slate-400" /> : undefined}>
            {messages.isPending ? <LoadingState /> : messages.isError
              ? <div className="p-4"><ErrorState error={messages.error} onRetry={() => messages.refetch()} /></div>
              : <MessageThread messages={messages.data.results} total={messages.data.count} />}
            <ReplyBox conversation={c} />
          </Card>
        </div>
        <div className="space-y-4">
          <ContactFlows contactId={c.contact} activeOnly />
          <ConversationSettings conversation={c} />
          <Card title="Details">
            <dl className="space-y-2 text-sm">
              <div><dt className="text-slate-500">Source</dt><dd>{c.source}</dd></div>
              <div><dt className="text-slate-500">Last message</dt><dd><DateTime value={c.last_message_on} /></dd></div>
              <div><dt className="text-slate-500">Assigned to</dt><dd>{c.assigned.length ? c.assigned.map((u) => personName(u)).join(', ') : '—'}</dd></div>
            </dl>
          </Card>
        </div>
      </div>
    </>
  );
}
