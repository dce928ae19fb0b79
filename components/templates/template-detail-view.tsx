'use client';
import { DocumentTitle } from '@/components/ui/document-title';
import Link from 'next/link';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldErrors } from '@/components/ui/field-errors';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/client/api-fetch';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useSendTemplate, useTemplate } from '@/lib/client/templates';
import type { ChatTemplate } from '@/lib/client/types';
import { preview, variableSlots } from './template-parts';
import { TemplatePreview } from './template-preview';
import { TemplateStatusBadge, categoryLabel } from './template-status-badge';
import { useRouter } from 'next/navigation';
import { useMe } from '@/lib/client/me';
import { useDeleteTemplate } from '@/lib/client/templates';
import { ConfirmButton } from '@/components/ui/confirm-button';

const SHOWN = ['phone', 'variables'] as const;

function TemplateWorkbench({ template }: { template: ChatTemplate }) {
  const id = useId();
  const slots = useMemo(() => variableSlots(template.components), [template.components]);
  const [values, setValues] = useState<string[]>(() => slots.map(() => ''));
  const [phone, setPhone] = useState('');
  const send = useSendTemplate(template.id);
  const errors = errorBody(send.error);
  // `variables` errors come as a list of messages (wrong count) or keyed by item (a bad value).
  const raw = errors?.variables;
  const listLevel = Array.isArray(raw) && raw.every((m) => typeof m === 'string');
  const variableErrors = listLevel ? (raw as string[]) : [];
  const itemErrors = (i: number) => (listLevel ? [] : messagesAt(errors, ['variables', i]));
  const shown = preview(template.components, values);
  const sendable = template.status === 'approved' && !template.is_deleted;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Preview">
        <div className="space-y-4">
          {slots.length === 0 ? <p className="text-sm text-slate-500">This template has no variables.</p> : (
            <fieldset className="space-y-3" aria-describedby={variableErrors.length ? `${id}-variables-errors` : undefined}>
              <legend className="text-sm text-slate-600">Sample values for the variables, in the order the send expects them.</legend>
              {slots.map((s) => (
                <TextField key={s.index} label={`Variable ${s.index + 1} (${s.part})`} value={values[s.index] ?? ''}
                  errors={itemErrors(s.index)}
                  onChange={(e) => setValues((v) => v.map((x, i) => (i === s.index ? e.target.value : x)))} />
              ))}
              <FieldErrors id={`${id}-variables-errors`} messages={variableErrors} />
            </fieldset>
          )}
          <TemplatePreview preview={shown} />
        </div>
      </Card>

      <Card title="Send">
        {!sendable ? (
          <p className="text-sm text-slate-600">Only approved templates can be sent; this one is {template.status.replace(/_/g, ' ')}.</p>
        ) : (
          <form noValidate className="space-y-4" onSubmit={(e) => {
            e.preventDefault();
            send.mutate({ phone: phone.trim(), variables: values });
          }}>
            <FormAlert messages={topMessages(errors, SHOWN)} title="The template was not sent" />
            <TextField label="Phone" name="phone" type="tel" autoComplete="off" value={phone} placeholder="+5255…"
              hint="The contact is created if the number is new. The variables are the values in the preview."
              errors={messagesAt(errors, ['phone'])} onChange={(e) => setPhone(e.target.value)} />
            <div className="flex justify-end">
              <Button type="submit" disabled={send.isPending}>{send.isPending ? 'Sending…' : 'Send template'}</Button>
            </div>
            {send.isSuccess && (
              <div role="status" data-testid="send-result" className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
                <p className="font-medium">Queued for sending.</p>
                <p className="mt-0.5">Message <span className="font-mono text-xs">{send.data.id}</span></p>
                <p className="mt-1 flex flex-wrap gap-3">
                  <Link href={`/inbox/${send.data.conversation}`} className="font-medium underline">Open the conversation</Link>
                  {template.channel.is_sandbox && (
                    <Link href={`/sandbox?phone=${encodeURIComponent(phone.trim())}`} className="font-medium underline">Open the sandbox phone</Link>
                  )}
                </p>
              </div>
            )}
          </form>
        )}
      </Card>
    </div>
  );
}

export function TemplateDetailView({ id }: { id: string }) {
  const template = useTemplate(id);
  const isAdmin = useMe().data?.user.role === 'ADMIN';
  const back = <Link href="/templates" className="text-slate-500 hover:text-slate-900">← Templates</Link>;
  if (template.isPending) return <><PageHeader title="Template" back={back} /><LoadingState /></>;
  if (template.isError) {
    return (
      <>
        <PageHeader title="Template" back={back} />
        {isApiError(template.error, 404)
          ? <ErrorState error={new Error('This template does not exist.')} />
          : <ErrorState error={template.error} onRetry={() => template.refetch()} />}
      </>
    );
  }
  const t = template.data;
  return (
    <>
      <DocumentTitle parts={[t.name, 'Template']} />
      <PageHeader title={<span className="font-mono">{t.name}</span>} back={back}
        actions={isAdmin && !t.is_deleted ? <DeleteTemplateButton id={t.id} name={t.name} /> : undefined}
        description={<span className="inline-flex flex-wrap items-center gap-2">
          <span>{categoryLabel(t.category)}</span>·<span>{t.language}</span>·<TemplateStatusBadge status={t.status} />·
          <span>Channel {t.channel.name}</span>
        </span>} />
      {t.rejected_reason && <div className="mb-4"><FormAlert messages={[`Rejected: ${t.rejected_reason}`]} /></div>}
      <TemplateWorkbench template={t} />
    </>
  );
}

function DeleteTemplateButton({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const remove = useDeleteTemplate(id);
  return (
    <span className="flex flex-col items-end gap-1">
      <ConfirmButton variant="danger" disabled={remove.isPending} title={`Delete the template "${name}"?`} confirmLabel="Delete template"
        body="It is deleted at the provider too (on a Cloud API channel in every language of this name, as the provider deletes templates by name)." onConfirm={() => remove.mutate(undefined, { onSuccess: () => router.push('/templates') })}>Delete template</ConfirmButton>
      {remove.error && <span role="alert" className="text-xs text-rose-700">{remove.error.message}</span>}
    </span>
  );
}
