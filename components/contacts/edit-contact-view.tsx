'use client';
import Link from 'next/link';
import { useState } from 'react';
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
  // The contact as the form opened with it (a background refetch must not move the merge's base).
  const [opened, setOpened] = useState<Contact | null>(null);
  if (contact.data && opened?.id !== contact.data.id) setOpened(contact.data);
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<unknown>(null);
  const back = <Link href={`/contacts/${id}`} className="text-slate-500 hover:text-slate-900">← Back to contact</Link>;

  // Saved over the contact as it is now, so that changes made elsewhere since the form opened stay.
  const save = async (base: Contact, values: ContactFormValues) => {
    setReading(true);
    setReadError(null);
    try {
      const current = await apiFetch<Contact>(`/api/contact/${encodeURIComponent(id)}`);
      replace.mutate(editBody(base, current, values), { onSuccess: () => router.push(`/contacts/${id}`) });
    } catch (error) {
      setReadError(error);
    } finally {
      setReading(false);
    }
  };

  if (contact.isError) return <><PageHeader title="Edit contact" back={back} /><ErrorState error={contact.error} /></>;
  if (!opened) return <><PageHeader title="Edit contact" back={back} /><LoadingState /></>;
  return (
    <>
      <PageHeader title={`Edit ${contactName(opened)}`} back={back} />
      {/* Keyed by id so the form starts from this contact's values, not a cached previous one. */}
      <ContactForm key={opened.id} initial={contactToForm(opened)} errors={errorBody(readError ?? replace.error)}
        pending={reading || replace.isPending || replace.isSuccess} submitLabel="Save changes" cancelHref={`/contacts/${id}`}
        onSubmit={(values) => void save(opened, values)} />
    </>
  );
}
