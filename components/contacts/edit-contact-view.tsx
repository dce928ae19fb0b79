'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useContact, useReplaceContact } from '@/lib/client/contacts';
import { apiFetch } from '@/lib/client/api-fetch';
import { errorBody } from '@/lib/client/drf-errors';
import type { Contact } from '@/lib/client/types';
import { ContactForm } from './contact-form';
import { contactToForm, editBody, type ContactFormValues } from './contact-form-values';
import { contactName } from './contact-name';

export function EditContactView({ id }: { id: string }) {
  const router = useRouter();
  const contact = useContact(id);
  const replace = useReplaceContact(id);
  const back = <Link href={`/contacts/${id}`} className="text-slate-500 hover:text-slate-900">← Back to contact</Link>;

  // Saved over the contact as it is now, so that changes made elsewhere since the form opened stay.
  const save = async (opened: Contact, values: ContactFormValues) => {
    const current = await apiFetch<Contact>(`/api/contact/${encodeURIComponent(id)}`).catch(() => opened);
    replace.mutate(editBody(opened, current, values), { onSuccess: () => router.push(`/contacts/${id}`) });
  };

  if (contact.isPending) return <><PageHeader title="Edit contact" back={back} /><LoadingState /></>;
  if (contact.isError) return <><PageHeader title="Edit contact" back={back} /><ErrorState error={contact.error} /></>;
  return (
    <>
      <PageHeader title={`Edit ${contactName(contact.data)}`} back={back} />
      {/* Keyed by id so the form starts from this contact's values, not a cached previous one. */}
      <ContactForm key={contact.data.id} initial={contactToForm(contact.data)} errors={errorBody(replace.error)}
        pending={replace.isPending || replace.isSuccess} submitLabel="Save changes" cancelHref={`/contacts/${id}`}
        onSubmit={(values) => void save(contact.data, values)} />
    </>
  );
}
