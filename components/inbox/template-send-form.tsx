'use client';
import { useMemo, useState } from 'react';
import { TemplatePreview } from '@/components/templates/template-preview';
import { preview, variableSlots } from '@/components/templates/template-parts';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { inputClass } from '@/components/ui/text-field';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useSendTemplate, useTemplates } from '@/lib/client/templates';
import type { ChatTemplate, TemplateSendResult } from '@/lib/client/types';

/** The contact's first name fills a template's first variable, the usual greeting. */
function prefill(t: ChatTemplate, firstName: string | null): string[] {
  // The body's first value is most often the contact's name (a header's is a title or an order number).
  const slots = variableSlots(t.components);
  const first = slots.find((slot) => slot.part === 'body') ?? slots[0];
  return slots.map((slot) => (slot === first ? firstName ?? '' : ''));
}

/** The `variables` errors, each naming its variable ({{n}}) when the API gave them by index. */
function variableMessages(errors: unknown, count: number): string[] {
  const byIndex = Array.from({ length: count }, (_, i) => messagesAt(errors, ['variables', i]).map((m) => `{{${i + 1}}}: ${m}`)).flat();
  const whole = messagesAt(errors, ['variables']);
  return byIndex.length ? byIndex : whole;
}

/**
 * Picks an approved template, fills its variables with a live preview, and sends it to `phone`.
 * With `channel` (a conversation's), only that channel's templates are offered, so that the
 * message goes out from the number the contact is talking to.
 */
export function TemplateSendForm({ phone, firstName, channel = null, optedOut = false, onSent }: {
  phone: string; firstName: string | null; channel?: number | null; onSent?: (sent: TemplateSendResult) => void;
  /** The contact opted out of marketing messages: MARKETING templates are offered but cannot be picked. */
  optedOut?: boolean;
}) {
  const templates = useTemplates({ search: '', category: '', status: 'approved', channel, page: 1 }, 100);
  const [id, setId] = useState('');
  const chosen = templates.data?.results.find((t) => t.id === id) ?? null;
  const [values, setValues] = useState<string[]>([]);
  const send = useSendTemplate(id);
  const errors = errorBody(send.error);
  const slots = useMemo(() => (chosen ? variableSlots(chosen.components) : []), [chosen]);
  // Templates of several channels: each names its channel, which is the number it is sent from.
  const severalChannels = new Set(templates.data?.results.map((t) => t.channel.id)).size > 1;
  return (
    <form noValidate aria-label="Send a template" className="space-y-2" onSubmit={(e) => {
      e.preventDefault();
      if (!chosen) return;
      send.mutate({ phone, variables: values }, { onSuccess: (sent) => { setId(''); setValues([]); onSent?.(sent); } });
    }}>
      <select aria-label="Template" value={id} className={inputClass} onChange={(e) => {
        setId(e.target.value);
        const t = templates.data?.results.find((x) => x.id === e.target.value);
        setValues(t ? prefill(t, firstName) : []);
        send.reset();
      }}>
        <option value="">{templates.isPending ? 'Loading templates…' : 'Choose an approved template'}</option>
        {templates.data?.results.map((t) => (
          <option key={t.id} value={t.id} disabled={optedOut && t.category === 'MARKETING'}>
            {t.name} ({t.language}){severalChannels ? ` · ${t.channel.name}` : ''}{optedOut && t.category === 'MARKETING' ? ' · marketing: the contact opted out' : ''}
          </option>
        ))}
      </select>
      {chosen && (
        <>
          {slots.map((slot) => (
            <input key={slot.index} aria-label={`Variable ${slot.index + 1} (${slot.part})`} placeholder={`{{${slot.local}}} in the ${slot.part}`}
              value={values[slot.index] ?? ''} className={inputClass}
              onChange={(e) => setValues((v) => { const next = [...v]; next[slot.index] = e.target.value; return next; })} />
          ))}
          <div data-testid="composer-template-preview"><TemplatePreview preview={preview(chosen.components, values)} /></div>
        </>
      )}
      <FormAlert messages={[...topMessages(errors, ['variables']), ...variableMessages(errors, slots.length)]} title="The template was not sent" />
      <div className="flex justify-end">
        <Button type="submit" disabled={!chosen || send.isPending}>{send.isPending ? 'Sending…' : 'Send template'}</Button>
      </div>
    </form>
  );
}
