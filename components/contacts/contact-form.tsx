'use client';
import { useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { messagesAt, topMessages } from '@/lib/client/drf-errors';
import type { DrfBody } from '@/lib/client/api-fetch';
import { DefaultAssigneesField } from './default-assignees-field';
import { MetaRowsField } from './meta-rows-field';
import { metaRowProblems, type ContactFormValues, type MetaRow } from './contact-form-values';

// Fields the form shows; errors for any other field go to the alert at the top.
const SHOWN = ['phone', 'first_name', 'last_name', 'email', 'external_url', 'external_id', 'tags', 'meta', 'default_assignees'] as const;

export function ContactForm({ initial, errors, pending, submitLabel, cancelHref, onSubmit }: {
  initial: ContactFormValues;
  errors: DrfBody | null;
  pending: boolean;
  submitLabel: string;
  cancelHref: string;
  onSubmit: (values: ContactFormValues) => void;
}) {
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState(false);
  const problems = metaRowProblems(values.meta);
  const text = (name: Exclude<keyof ContactFormValues, 'meta' | 'default_assignees'>) => ({
    name,
    value: values[name],
    errors: messagesAt(errors, [name]),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const metaErrors = errors?.meta;
  const rowErrors = (row: MetaRow) => [
    ...(checked && problems.has(row.rowId) ? [problems.get(row.rowId)!] : []),
    ...(row.key.trim() && metaErrors && !Array.isArray(metaErrors) ? messagesAt(metaErrors, [row.key.trim()]) : []),
  ];

  return (
    <form noValidate className="space-y-6" onSubmit={(e) => {
      e.preventDefault();
      setChecked(true);
      if (problems.size === 0) onSubmit(values);
    }}>
      <FormAlert messages={topMessages(errors, SHOWN)} />
      <Card title="Contact">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Phone" type="tel" autoComplete="off" required placeholder="+52 55 1234 5678"
            hint="With country code, or a local number of the account's country." className="sm:col-span-2" {...text('phone')} />
          <TextField label="First name" maxLength={100} {...text('first_name')} />
          <TextField label="Last name" maxLength={100} {...text('last_name')} />
          <TextField label="Email" type="email" maxLength={254} className="sm:col-span-2" {...text('email')} />
          <TextField label="External URL" type="url" placeholder="https://crm.example.com/contacts/42"
            hint="A link to this contact in another system." {...text('external_url')} />
          <TextField label="External ID" maxLength={255} hint="The contact's id in another system." {...text('external_id')} />
          <TextField label="Tags" placeholder="vip, newsletter" hint="Separate tags with commas." className="sm:col-span-2" {...text('tags')} />
        </div>
      </Card>
      <Card>
        <MetaRowsField rows={values.meta} onChange={(meta) => setValues((v) => ({ ...v, meta }))} rowErrors={rowErrors}
          errors={Array.isArray(metaErrors) ? messagesAt(errors, ['meta']) : []} />
      </Card>
      <Card title="Default assignees">
        <DefaultAssigneesField value={values.default_assignees} errors={messagesAt(errors, ['default_assignees'])}
          onChange={(ids) => setValues((v) => ({ ...v, default_assignees: ids }))} />
      </Card>
      <div className="flex justify-end gap-2">
        <ButtonLink href={cancelHref} variant="secondary">Cancel</ButtonLink>
        <Button type="submit" disabled={pending}>{pending ? 'Saving…' : submitLabel}</Button>
      </div>
    </form>
  );
}
