'use client';
import { useMemo, useState } from 'react';
import { TemplatePreview } from '@/components/templates/template-preview';
import { preview, variableSlots } from '@/components/templates/template-parts';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { inputClass, TextArea } from '@/components/ui/text-field';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useCompose } from '@/lib/client/inbox';
import { useSendTemplate, useTemplates } from '@/lib/client/templates';
import type { ChatTemplate, Conversation } from '@/lib/client/types';

type Mode = 'reply' | 'note' | 'template';

/** The first name, last name and phone fill a template's variables when the slot's text asks for them. */
function prefill(t: ChatTemplate, c: Conversation): string[] {
  return variableSlots(t.components).map((slot) => (slot.index === 0 ? c.contact_summary.first_name ?? '' : ''));
}

function TemplatePicker({ conversation }: { conversation: Conversation }) {
  const templates = useTemplates({ search: '', category: '', status: 'approved', channel: null, page: 1 }, 100);
  const [id, setId] = useState('');
  const chosen = templates.data?.results.find((t) => t.id === id) ?? null;
  const [values, setValues] = useState<string[]>([]);
  const send = useSendTemplate(id);
  const errors = errorBody(send.error);
  const slots = useMemo(() => (chosen ? variableSlots(chosen.components) : []), [chosen]);
  return (
    <form noValidate aria-label="Send a template" className="space-y-2" onSubmit={(e) => {
      e.preventDefault();
      if (!chosen) return;
      send.mutate({ phone: conversation.contact_summary.canonical_phone, variables: values }, { onSuccess: () => { setId(''); setValues([]); } });
    }}>
      <select aria-label="Template" value={id} className={inputClass} onChange={(e) => {
        setId(e.target.value);
        const t = templates.data?.results.find((x) => x.id === e.target.value);
        setValues(t ? prefill(t, conversation) : []);
        send.reset();
      }}>
        <option value="">{templates.isPending ? 'Loading templates…' : 'Choose an approved template'}</option>
        {templates.data?.results.map((t) => <option key={t.id} value={t.id}>{t.name} ({t.language})</option>)}
      </select>
      {chosen && (
        <>
          {slots.map((slot) => (
            <input key={slot.index} aria-label={`Variable ${slot.index + 1} (${slot.part})`} placeholder={`{{${slot.index + 1}}} ${slot.part}`}
              value={values[slot.index] ?? ''} className={inputClass}
              onChange={(e) => setValues((v) => { const next = [...v]; next[slot.index] = e.target.value; return next; })} />
          ))}
          <div data-testid="composer-template-preview"><TemplatePreview preview={preview(chosen.components, values)} /></div>
        </>
      )}
      <FormAlert messages={[...topMessages(errors, []), ...messagesAt(errors, ['variables'])]} title="The template was not sent" />
      <div className="flex justify-end">
        <Button type="submit" disabled={!chosen || send.isPending}>{send.isPending ? 'Sending…' : 'Send template'}</Button>
      </div>
    </form>
  );
}

/**
 * Inside the 24-hour window a free-text reply; outside it (or before the contact ever wrote) the
 * text box gives way to a template picker. An internal note is always possible and never sent.
 */
export function Composer({ conversation }: { conversation: Conversation }) {
  const until = conversation.free_form_until;
  const open = until !== null && new Date(until).getTime() > Date.now();
  const [chosen, setMode] = useState<Mode | null>(null);
  const mode: Mode = chosen === 'note' ? 'note' : open ? 'reply' : 'template';
  const [body, setBody] = useState('');
  const compose = useCompose(conversation.id);
  const errors = errorBody(compose.error);
  const tab = (m: Mode, label: string) => (
    <button type="button" role="tab" aria-selected={mode === m} onClick={() => { setMode(m); compose.reset(); }}
      className={`rounded-md px-2 py-1 text-xs font-medium ${mode === m ? 'bg-slate-800 text-white' : 'text-slate-600 hover:bg-slate-100'}`}>{label}</button>
  );
  return (
    <div className="space-y-2 border-t border-slate-200 bg-white p-3">
      <div role="tablist" aria-label="Composer" className="flex items-center gap-1">
        {open ? tab('reply', 'Reply') : tab('template', 'Template')}
        {tab('note', 'Internal note')}
      </div>
      <p data-testid="window-info" className={`text-xs ${open ? 'text-slate-500' : 'text-amber-800'}`}>
        {until === null
          ? 'The contact has not written yet: only template messages can be sent until they do.'
          : open
            ? <>Free-form replies are possible until {new Date(until).toLocaleString()}.</>
            : <>The 24-hour window closed at {new Date(until).toLocaleString()}: only template messages can be sent until the contact writes again.</>}
      </p>
      {mode === 'template' ? <TemplatePicker conversation={conversation} /> : (
        <form noValidate className="space-y-2" onSubmit={(e) => {
          e.preventDefault();
          compose.mutate({ body, internal: mode === 'note' }, { onSuccess: () => setBody('') });
        }}>
          <FormAlert messages={topMessages(errors, ['body'])} title={mode === 'note' ? 'The note was not saved' : 'The message was not sent'} />
          <TextArea label={mode === 'note' ? 'Note' : 'Reply'} name="body" rows={3} value={body} maxLength={4096} errors={messagesAt(errors, ['body'])}
            onChange={(e) => setBody(e.target.value)}
            onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) e.currentTarget.form?.requestSubmit(); }}
            placeholder={mode === 'note' ? 'Only your team sees notes' : 'Type a message (Ctrl+Enter sends)'}
            className={mode === 'note' ? 'bg-amber-50' : undefined} />
          <div className="flex justify-end">
            <Button type="submit" disabled={compose.isPending}>
              {compose.isPending ? 'Saving…' : mode === 'note' ? 'Add note' : 'Send reply'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
