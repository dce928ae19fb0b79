'use client';
import { useId, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldErrors } from '@/components/ui/field-errors';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { DrfBody } from '@/lib/client/api-fetch';
import { messagesAt, topMessages } from '@/lib/client/drf-errors';
import type { WebhookEventType, WebhookSubscriptionWrite } from '@/lib/client/types';
import { WEBHOOK_EVENTS } from '@/lib/client/webhooks';
import { Switch } from './switch';

// Fields the form shows; errors for any other field go to the alert at the top.
const SHOWN = ['target', 'events'] as const;

export type SubscriptionFormValues = WebhookSubscriptionWrite;

export const emptySubscriptionForm: SubscriptionFormValues = { target: '', events: [], is_active: true };

/**
 * Target, events (one checkbox each) and the on/off switch. Nothing is checked in the browser:
 * the API's own messages show under each field, verbatim. `events` is sent in the listed order,
 * so an error keyed by list index names the same event the user sees.
 */
export function SubscriptionForm({ initial, errors, pending, submitLabel, cancelHref, onSubmit }: {
  initial: SubscriptionFormValues;
  errors: DrfBody | null;
  pending: boolean;
  submitLabel: string;
  cancelHref: string;
  onSubmit: (values: SubscriptionFormValues) => void;
}) {
  const [values, setValues] = useState(initial);
  const id = useId();
  const eventErrors = messagesAt(errors, ['events']);
  const toggle = (type: WebhookEventType, on: boolean) => setValues((v) => {
    const chosen = new Set(v.events);
    if (on) chosen.add(type); else chosen.delete(type);
    return { ...v, events: WEBHOOK_EVENTS.map((e) => e.type).filter((t) => chosen.has(t)) };
  });

  return (
    <form noValidate className="space-y-6" onSubmit={(e) => {
      e.preventDefault();
      onSubmit({ ...values, target: values.target.trim() });
    }}>
      <FormAlert messages={topMessages(errors, SHOWN)} />
      <Card title="Destination">
        <div className="space-y-5">
          <TextField label="Target URL" name="target" type="url" inputMode="url" autoComplete="off" required maxLength={255}
            placeholder="https://example.com/webhooks/engage" value={values.target}
            hint="Events are POSTed here as JSON, signed with the subscription's secret. http or https, up to 255 characters."
            errors={messagesAt(errors, ['target'])}
            onChange={(e) => setValues((v) => ({ ...v, target: e.target.value }))} />
          <Switch label="Active" checked={values.is_active} onChange={(on) => setValues((v) => ({ ...v, is_active: on }))}
            description="When off, events are not sent to this target." />
        </div>
      </Card>
      <Card title="Events">
        <fieldset aria-describedby={eventErrors.length ? `${id}-events-errors` : undefined}>
          <legend className="text-sm text-slate-600">Choose the events to send to the target.</legend>
          <div className="mt-3 divide-y divide-slate-100">
            {WEBHOOK_EVENTS.map((e) => {
              const boxId = `${id}-${e.type}`;
              return (
                <div key={e.type} className="flex items-start gap-3 py-2.5">
                  <input id={boxId} type="checkbox" name="events" value={e.type} checked={values.events.includes(e.type)}
                    onChange={(ev) => toggle(e.type, ev.target.checked)} aria-describedby={`${boxId}-description`}
                    aria-invalid={eventErrors.length ? true : undefined}
                    className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600" />
                  <div className="min-w-0 text-sm">
                    <label htmlFor={boxId} className="break-all font-mono font-medium text-slate-900">{e.type}</label>
                    <p id={`${boxId}-description`} className="text-slate-500">{e.description}</p>
                  </div>
                </div>
              );
            })}
          </div>
          <FieldErrors id={`${id}-events-errors`} messages={eventErrors} />
        </fieldset>
      </Card>
      <div className="flex justify-end gap-2">
        <ButtonLink href={cancelHref} variant="secondary">Cancel</ButtonLink>
        <Button type="submit" disabled={pending}>{pending ? 'Saving…' : submitLabel}</Button>
      </div>
    </form>
  );
}
