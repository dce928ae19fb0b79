'use client';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { CAPTION_MAX, TEXT_MAX } from '@/lib/conversations/limits';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { FormAlert } from '@/components/ui/form-alert';
import { TextArea } from '@/components/ui/text-field';
import { useUploadAttachment } from '@/lib/client/attachments';
import { isApiError } from '@/lib/client/api-fetch';
import { useSwitchedOffChannel } from '@/lib/client/channels';
import { useConversationContact, useUpdateConversation } from '@/lib/client/conversations';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useCompose, useContactConversations } from '@/lib/client/inbox';
import { useMe } from '@/lib/client/me';
import type { Conversation, QuickReply } from '@/lib/client/types';
import { fillVariables } from '@/lib/quick-replies/variables';
import { TemplateSendForm } from '../template-send-form';
import { AttachButton, AttachmentChip, fileProblem } from './attach-file';
import { QuickReplyPicker, slashQuery, useQuickReplyMatches } from './quick-reply-picker';

type Mode = 'reply' | 'note' | 'template';

/** What the keyboard shortcut "focus composer" looks for (keyboard-shortcuts.tsx). */
export const COMPOSER_SELECTOR = '[data-composer-input]';

/**
 * Inside the 24-hour window a free-text reply (with quick replies behind `/` and a file to
 * attach), or a template when the agent picks one; outside it (or before the contact ever wrote)
 * the text box gives way to a template picker. An internal note is always possible and never sent.
 */
export function Composer({ conversation }: { conversation: Conversation }) {
  const until = conversation.free_form_until;
  const open = until !== null && new Date(until).getTime() > Date.now();
  const closed = CLOSED.includes(conversation.status);
  const [chosen, setMode] = useState<Mode | null>(null);
  const mode: Mode = chosen === 'note' || chosen === 'template' ? chosen : open ? 'reply' : 'template';
  const compose = useCompose(conversation.id);
  const off = useSwitchedOffChannel(conversation.channel);
  const contact = useConversationContact(conversation.contact);
  const tab = (m: Mode, label: string) => (
    <button type="button" aria-pressed={mode === m} onClick={() => { setMode(m); compose.reset(); }}
      className={`rounded-md px-2 py-1 text-xs font-medium ${mode === m ? 'bg-slate-800 text-white' : 'text-slate-600 hover:bg-slate-100'}`}>{label}</button>
  );
  return (
    <div className="space-y-2 border-t border-slate-200 bg-white p-3">
      <div role="group" aria-label="Compose as" className="flex items-center gap-1">
        {open && tab('reply', 'Reply')}
        {tab('template', 'Template')}
        {tab('note', 'Internal note')}
      </div>
      <p data-testid="window-info" className={`text-xs ${open ? 'text-slate-500' : 'text-amber-800'}`}>
        {until === null
          ? 'The contact has not written yet: only template messages can be sent until they do.'
          : open
            ? <>{closed ? 'Once it is reopened, free-form replies are possible until ' : 'Free-form replies are possible until '}<DateTime value={until} /></>
            : <>The 24-hour window closed at <DateTime value={until} />: only template messages can be sent until the contact writes again.</>}
      </p>
      {off && mode !== 'note' && (
        <p role="status" data-testid="channel-off" className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-xs text-rose-800">
          The channel “{off.name}” is switched off: nothing can be sent in this conversation until an admin switches it on under Channels. Notes can still be added.
        </p>
      )}
      {mode === 'reply' && conversation.status === 'FLOW' && (
        <p role="note" data-testid="flow-takeover" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
          A flow is talking with this contact. Sending a reply stops it, and the conversation is yours, in progress.
        </p>
      )}
      {mode !== 'note' && closed
        ? <ReopenFirst conversation={conversation} />
        : mode === 'template'
          ? <TemplateSendForm phone={conversation.contact_summary.canonical_phone} firstName={conversation.contact_summary.first_name} channel={conversation.channel}
            optedOut={!!contact.data?.opted_out} />
          : <ReplyForm conversation={conversation} note={mode === 'note'} compose={compose} blocked={!!off && mode !== 'note'} />}
    </div>
  );
}

const CLOSED: string[] = ['RESOLVED', 'CLOSED'];

/** A resolved or closed conversation takes no reply: it says so at once, and offers to reopen it. */
function ReopenFirst({ conversation }: { conversation: Conversation }) {
  const update = useUpdateConversation(conversation.id);
  // Refused because the contact has moved on: their open conversation, when this member sees it.
  const movedOn = isApiError(update.error, 400);
  const others = useContactConversations(movedOn ? conversation.contact : undefined);
  const current = others.data?.results.find((o) => o.id !== conversation.id && !CLOSED.includes(o.status));
  return (
    <div data-testid="reopen-first" className="space-y-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
      {/* Its status is on the badge above; named again here, it would read as a second status. */}
      <p>Reopen this conversation to reply to the contact; a note can still be added.</p>
      {/* The messages alone: the field they are about (status) is this very button. */}
      <FormAlert messages={movedOn ? messagesAt(errorBody(update.error), []) : topMessages(errorBody(update.error), [])} title="It was not reopened" />
      {movedOn && (
        <p>
          Their newer conversation is the one to answer in:{' '}
          {current && <><Link className="font-medium text-indigo-700 hover:underline" href={`/inbox/${current.id}`}>open it</Link>, or </>}
          <Link className="font-medium text-indigo-700 hover:underline" href={`/contacts/${conversation.contact}`}>see the contact&apos;s conversations</Link>.
        </p>
      )}
      <Button type="button" variant="secondary" disabled={update.isPending} onClick={() => update.mutate({ status: 'IN_PROGRESS' })}>
        {update.isPending ? 'Reopening…' : 'Reopen'}
      </Button>
    </div>
  );
}

// What is typed and not yet sent stays with its conversation in this browser (the composer is
// made anew for each conversation), so switching away and back, or reloading, loses nothing.
const draftKey = (conversationId: string) => `engage:draft:${conversationId}`;

function readDraft(conversationId: string): string {
  try { return window.localStorage.getItem(draftKey(conversationId)) ?? ''; } catch { return ''; }
}

function keepDraft(conversationId: string, body: string) {
  try {
    if (body.trim()) window.localStorage.setItem(draftKey(conversationId), body);
    else window.localStorage.removeItem(draftKey(conversationId));
  } catch { /* storage full or refused: the draft lives as long as the page */ }
}

function ReplyForm({ conversation, note, compose, blocked }: { conversation: Conversation; note: boolean; compose: ReturnType<typeof useCompose>; blocked: boolean }) {
  const [body, setBody] = useState(() => (typeof window === 'undefined' ? '' : readDraft(conversation.id)));
  const sending = useRef(false);
  // While a reply is on its way its text stays the draft (a reload or a failure keeps it); it goes once sent.
  useEffect(() => { if (body.trim() || !sending.current) keepDraft(conversation.id, body); }, [conversation.id, body]);
  const latest = useRef(body);
  latest.current = body;
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const contact = useConversationContact(conversation.contact);
  const me = useMe();
  const upload = useUploadAttachment();
  const [fileError, setFileError] = useState<string | null>(null);
  const attached = upload.data ?? null;

  const slash = note || dismissed === caret ? null : slashQuery(body, caret);
  const matches = useQuickReplyMatches(slash?.query ?? null);
  const errors = errorBody(compose.error);
  const uploadErrors = topMessages(errorBody(upload.error), []);

  const insert = (reply: QuickReply) => {
    if (!slash) return;
    const text = fillVariables(reply.body, {
      contact: { ...conversation.contact_summary, ...contact.data, phone: contact.data?.phone ?? conversation.contact_summary.canonical_phone },
      agent: me.data?.user,
    });
    const next = body.slice(0, slash.start) + text + body.slice(caret);
    const at = slash.start + text.length;
    setBody(next);
    setCaret(at);
    setActive(0);
    requestAnimationFrame(() => { area.current?.focus(); area.current?.setSelectionRange(at, at); });
  };
  const track = (el: HTMLTextAreaElement) => setCaret(el.selectionStart ?? el.value.length);
  // No maxLength: a paste past the limit would be cut without a word. The count shows near it.
  const limit = attached && !note ? CAPTION_MAX : TEXT_MAX;
  const over = body.trim().length > limit;
  const sendable = !upload.isPending && !over && !blocked && (!!body.trim() || !!(attached && !note));

  return (
    <form noValidate className="space-y-2" onSubmit={async (e) => {
      e.preventDefault();
      // The box empties as the reply leaves, so a second Ctrl+Enter finds nothing to send; a send
      // that fails puts the text back unless something new was typed meanwhile. The promise
      // settles even when the mode switch resets the mutation's observer.
      if (sending.current || !sendable) return;
      sending.current = true;
      const sent = body;
      setBody('');
      setCaret(0);
      try {
        await compose.mutateAsync({ body: sent, internal: note, ...(attached && !note ? { attachment: attached.id } : {}) });
        upload.reset();
        keepDraft(conversation.id, latest.current);
      } catch {
        setBody((now) => (now.trim() ? now : sent));
      } finally {
        sending.current = false;
      }
    }}>
      <FormAlert messages={[...topMessages(errors, ['body', 'attachment']), ...messagesAt(errors, ['attachment']), ...uploadErrors, ...(fileError ? [fileError] : [])]}
        title={note ? 'The note was not saved' : 'The message was not sent'} />
      <div className="relative">
        {slash && <QuickReplyPicker items={matches} active={Math.min(active, Math.max(0, matches.length - 1))} query={slash.query} onPick={insert} onHover={setActive} />}
        <TextArea ref={area} data-composer-input label={note ? 'Note' : 'Reply'} name="body" rows={3} value={body}
          errors={[...(over ? [`At most ${limit.toLocaleString('en-US')} characters${attached && !note ? ' in a file\'s caption' : ''}: take ${(body.trim().length - limit).toLocaleString('en-US')} out.`] : []), ...messagesAt(errors, ['body'])]}
          onChange={(e) => { setBody(e.target.value); track(e.target); setActive(0); }}
          onSelect={(e) => track(e.currentTarget)}
          onKeyDown={(e) => {
            if (slash && matches.length) {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
                return;
              }
              if (e.key === 'Enter' || e.key === 'Tab') {
                e.preventDefault();
                insert(matches[Math.min(active, matches.length - 1)]);
                return;
              }
            }
            if (slash && e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); setDismissed(caret); return; }
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) e.currentTarget.form?.requestSubmit();
          }}
          placeholder={note ? 'Only your team sees notes' : 'Type a message, / for quick replies (Ctrl+Enter sends)'}
          className={note ? 'bg-amber-50' : undefined} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {!note && <AttachButton disabled={upload.isPending} onFile={(file) => {
          const problem = fileProblem(file);
          setFileError(problem);
          upload.reset();
          if (!problem) upload.mutate(file);
        }} />}
        {!note && (upload.isPending || attached) && (
          <AttachmentChip file={attached ?? { filename: upload.variables?.name ?? '', size: upload.variables?.size ?? 0 }}
            uploading={upload.isPending} onRemove={() => upload.reset()} />
        )}
        <div className="ml-auto flex items-center gap-3">
          {body.length > limit * 0.8 && (
            <span data-testid="composer-count" className={`text-xs tabular-nums ${over ? 'font-semibold text-rose-700' : 'text-slate-500'}`}>
              {body.trim().length.toLocaleString('en-US')} / {limit.toLocaleString('en-US')}
            </span>
          )}
          <Button type="submit" disabled={compose.isPending || !sendable}>
            {compose.isPending ? 'Saving…' : note ? 'Add note' : 'Send reply'}
          </Button>
        </div>
      </div>
    </form>
  );
}
