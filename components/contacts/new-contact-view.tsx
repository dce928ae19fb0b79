'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useCreateContact } from '@/lib/client/contacts';
import { errorBody } from '@/lib/client/drf-errors';
import { ContactForm } from './contact-form';
import { createBody, emptyContactForm, wasMerged } from './contact-form-values';

export function NewContactView() {
  const router = useRouter();
  const create = useCreateContact();
  const [initial] = useState(emptyContactForm);
  return (
    <>
      <PageHeader title="New contact"
        description="If a contact with the same phone number exists, it is updated with what you enter here instead."
        back={<Link href="/contacts" className="text-slate-500 hover:text-slate-900">← Contacts</Link>} />
      <ContactForm initial={initial} errors={errorBody(create.error)} pending={create.isPending || create.isSuccess}
        submitLabel="Create contact" cancelHref="/contacts"
        onSubmit={(values) => create.mutate(createBody(values), { onSuccess: (c) => router.push(`/contacts/${c.id}${wasMerged(c) ? '?merged=1' : ''}`) })} />
    </>
  );
}
