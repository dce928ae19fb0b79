'use client';
import { DocumentTitle } from '@/components/ui/document-title';
import { formatPhone } from '@/lib/phone/format';
import { ContactConversations } from './contact-conversations';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { TemplateSendForm } from '@/components/inbox/template-send-form';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { isApiError } from '@/lib/client/api-fetch';
import type { TemplateSendResult } from '@/lib/client/types';
import { useContact, useDeleteContact, usePatchContact } from '@/lib/client/contacts';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { ContactFlows } from '@/components/flows/contact-flows';
import { ContactFields } from './contact-fields';
import { ContactMarketing } from './contact-marketing';
import { ContactMetaTable } from './contact-meta-table';
import { contactName } from './contact-name';
import { ContactNotes } from './contact-notes';
import { TagList } from './tag-list';

export function ContactDetailView({ id }: { id: string }) {
  const router = useRouter();
  const contact = useContact(id);
  const del = useDeleteContact(id);
  const restore = usePatchContact(id);
  // Told once: the flag then leaves the address, so a reload does not tell it again.
  const params = useSearchParams();
  const [merged] = useState(() => params.get('merged') === '1');
  useEffect(() => {
    if (params.get('merged')) router.replace(`/contacts/${id}`, { scroll: false });
  }, [params, router, id]);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<TemplateSendResult | null>(null);
  const back = <Link href="/contacts" className="text-slate-500 hover:text-slate-900">← Contacts</Link>;

  if (contact.isPending) return <><PageHeader title="Contact" back={back} /><LoadingState /></>;
  if (contact.isError) {
    return (
      <>
        <PageHeader title="Contact" back={back} />
        {isApiError(contact.error, 404)
          ? <ErrorState error={new Error('This contact does not exist, or it was deleted.')} />
          : <ErrorState error={contact.error} onRetry={() => contact.refetch()} />}
      </>
    );
  }
  const c = contact.data;
  return (
    <>
      <DocumentTitle parts={[contactName(c), 'Contact']} />
      <PageHeader title={contactName(c)} description={formatPhone(c.canonical_phone)} back={back}
        actions={c.is_deleted ? (
          <Button onClick={() => restore.mutate({ is_deleted: false })} disabled={restore.isPending}>
            {restore.isPending ? 'Restoring…' : 'Restore contact'}
          </Button>
        ) : <>
          <Button onClick={() => { setSending(true); setSent(null); }} disabled={sending}>Send message</Button>
          <ButtonLink href={`/contacts/${id}/edit`} variant="secondary">Edit</ButtonLink>
          <ConfirmButton variant="danger" title={`Delete ${contactName(c)}?`} confirmLabel="Delete contact"
            body="The contact disappears from lists and search. Their conversations and message history are kept."
            disabled={del.isPending}
            onConfirm={() => del.mutate(undefined, { onSuccess: () => router.push('/contacts') })}>
            {del.isPending ? 'Deleting…' : 'Delete'}
          </ConfirmButton>
        </>} />
      {c.is_deleted && (
        <p role="status" data-testid="contact-deleted" className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          This contact is deleted: it is left out of lists, searches, broadcasts and flows. Restore it to edit it or message it from here again; replies in a conversation it opens still reach it.
        </p>
      )}
      <FormAlert messages={topMessages(errorBody(del.error ?? restore.error), [])} />
      {merged && (
        <p role="status" className="mt-4 rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          This number was already a contact: what you entered was added to it, and what you left blank was kept.
        </p>
      )}
      {sent && (
        <p role="status" className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          Message queued. <Link href={`/inbox/${sent.conversation}`} className="font-medium underline">Open the conversation</Link>
        </p>
      )}
      {sending && (
        <div className="mt-4 max-w-xl">
          <Card title="Send a template message" actions={<Button variant="ghost" onClick={() => setSending(false)}>Cancel</Button>}>
            <p className="mb-3 text-sm text-slate-600">A business may write first only with an approved template; free-form replies open once the contact answers.</p>
            <TemplateSendForm phone={c.canonical_phone} firstName={c.first_name} optedOut={c.opted_out} onSent={(r) => { setSent(r); setSending(false); }} />
          </Card>
        </div>
      )}
      <div className="mt-4 grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          <Card title="Details"><ContactFields contact={c} /></Card>
          <Card title="Tags"><TagList tags={c.tags} /></Card>
          <Card title="Attributes" flush><ContactMetaTable meta={c.meta} /></Card>
        </div>
        <div className="space-y-6 lg:col-span-2">
          <Card title="Conversations"><ContactConversations contactId={c.id} /></Card>
          <Card title="Marketing messages"><ContactMarketing contact={c} /></Card>
          <Card title={`Notes (${c.notes.length})`}><ContactNotes contact={c} /></Card>
          <ContactFlows contactId={c.id} />
        </div>
      </div>
    </>
  );
}
