'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useContact, useReplaceContact } from '@/lib/client/contacts';
import { errorBody } from '@/lib/client/drf-errors';
import type { Contact } from '@/lib/client/types';
import { ContactForm } from './contact-form';
import { contactToForm, formToBody, type ContactFormValues } from './contact-form-values';
import { contactName } from './contact-name';

/**
 * PUT replaces the whole contact, so the body carries what the form does not edit too: the
 * existing notes (by id). Meta, tags and default assignees are the form's, so removing a row or
 * unticking a member is how one is taken off.
 */
function replaceBody(contact: Contact, values: ContactFormValues) {
  return {
    ...formToBody(values),
    notes: contact.notes.map((n) => ({ id: n.id, notes: n.notes })),
  };
}

export function EditContactView({ id }: { id: string }) {
  const router = useRouter();
  const contact = useContact(id);
  const replace = useReplaceContact(id);
  const back = <Link href={`/contacts/${id}`} className="text-slate-500 hover:text-slate-900">← Back to contact</Link>;

  if (contact.isPending) return <><PageHeader title="Edit contact" back={back} /><LoadingState /></>;
  if (contact.isError) return <><PageHeader title="Edit contact" back={back} /><ErrorState error={contact.error} /></>;
  return (
    <>
      <PageHeader title={`Edit ${contactName(contact.data)}`} back={back} />
      {/* Keyed by id so the form starts from this contact's values, not a cached previous one. */}
      <ContactForm key={contact.data.id} initial={contactToForm(contact.data)} errors={errorBody(replace.error)}
        pending={replace.isPending || replace.isSuccess} submitLabel="Save changes" cancelHref={`/contacts/${id}`}
        onSubmit={(values) => replace.mutate(replaceBody(contact.data, values), { onSuccess: () => router.push(`/contacts/${id}`) })} />
    </>
  );
}
