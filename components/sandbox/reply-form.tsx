'use client';
import { useState } from 'react';
import { messageButtons, messageList } from '@/components/inbox/message-content';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextArea, TextField } from '@/components/ui/text-field';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useSandboxReply } from '@/lib/client/messages';
import type { Message, SandboxInbound } from '@/lib/client/types';

type Kind = 'text' | 'button' | 'file';
const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'text', label: 'Text' }, { kind: 'button', label: 'Button' }, { kind: 'file', label: 'File' },
];

/** The media type of an inbound file, from its MIME type. */
function mediaType(mime: string): SandboxInbound['type'] {
  const top = mime.trim().toLowerCase().split('/')[0];
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'document';
}

/** The last message the business sent that has buttons a contact can press (quick replies). */
function lastChoices(messages: Message[]) {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.direction !== 'OUTBOUND') continue;
    const list = messageList(m);
    if (list?.rows.length) return { message: m, buttons: list.rows.map((r) => ({ text: r.title, id: r.id })), interactive: true, list: list.button };
    const buttons = messageButtons(m).filter((b) => b.type !== 'URL' && b.type !== 'PHONE_NUMBER' && b.text);
    if (buttons.length) return { message: m, buttons, interactive: m.msg_type === 'interactive', list: null };
    if (m.msg_type === 'template' || m.msg_type === 'interactive') return null;
  }
  return null;
}

/** Reply as the contact: text, a button choice, or a file given by link and MIME type. */
export function ReplyForm({ phone, messages }: { phone: string; messages: Message[] }) {
  const [kind, setKind] = useState<Kind>('text');
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [file, setFile] = useState({ link: '', mime_type: '', filename: '', caption: '' });
  const reply = useSandboxReply();
  const errors = errorBody(reply.error);
  const choices = lastChoices(messages);

  const submit = (body: SandboxInbound, done: () => void) => {
    reply.reset();
    reply.mutate(body, { onSuccess: done });
  };
  const sendButton = (t: string, id?: string) => submit({
    phone, type: choices?.interactive ? 'interactive' : 'button', button: { title: t, ...(id ? { id } : {}) },
    ...(choices?.list ? { interactive_type: 'list_reply' as const } : {}),
  }, () => setTitle(''));

  const shown = kind === 'text' ? ['text'] : kind === 'button' ? ['button'] : ['media'];
  return (
    <div className="space-y-3 border-t border-slate-200 p-4">
      <div role="group" aria-label="Reply with" className="flex gap-1">
        {KINDS.map((k) => (
          <button key={k.kind} type="button" aria-pressed={kind === k.kind} onClick={() => { setKind(k.kind); reply.reset(); }}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${kind === k.kind ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100'}`}>
            {k.label}
          </button>
        ))}
      </div>
      <FormAlert messages={topMessages(errors, shown)} title="The reply was not sent" />

      {kind === 'text' && (
        <form noValidate className="space-y-3" onSubmit={(e) => {
          e.preventDefault();
          submit({ phone, type: 'text', text }, () => setText(''));
        }}>
          <TextArea label="Message" name="text" rows={2} value={text} maxLength={4096} errors={messagesAt(errors, ['text'])}
            onChange={(e) => setText(e.target.value)} placeholder="Reply as the contact" />
          <div className="flex justify-end"><Button type="submit" disabled={reply.isPending}>{reply.isPending ? 'Sending…' : 'Send'}</Button></div>
        </form>
      )}

      {kind === 'button' && (
        <div className="space-y-3">
          {choices ? (
            <div>
              <p className="text-sm text-slate-600">{choices.list ? <>Rows of the last message&apos;s list ({choices.list})</> : 'Buttons of the last message'}{choices.message.chat_template ? <> (template <span className="font-mono">{choices.message.chat_template.name}</span>)</> : null}:</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {choices.buttons.map((b, i) => (
                  <Button key={i} variant="secondary" disabled={reply.isPending} onClick={() => sendButton(b.text, b.id)}>{b.text}</Button>
                ))}
              </div>
            </div>
          ) : <p className="text-sm text-slate-500">The last message has no reply buttons; type the title of a button instead.</p>}
          <form noValidate className="flex flex-wrap items-end gap-3" onSubmit={(e) => { e.preventDefault(); sendButton(title.trim()); }}>
            <TextField className="min-w-48 flex-1" label="Button title" value={title} errors={messagesAt(errors, ['button'])}
              onChange={(e) => setTitle(e.target.value)} />
            <Button type="submit" variant="secondary" disabled={reply.isPending}>Press button</Button>
          </form>
        </div>
      )}

      {kind === 'file' && (
        <form noValidate className="space-y-3" onSubmit={(e) => {
          e.preventDefault();
          const media = {
            link: file.link.trim(), mime_type: file.mime_type.trim(),
            ...(file.filename.trim() ? { filename: file.filename.trim() } : {}), ...(file.caption.trim() ? { caption: file.caption.trim() } : {}),
          };
          submit({ phone, type: mediaType(media.mime_type), media }, () => setFile({ link: '', mime_type: '', filename: '', caption: '' }));
        }}>
          <p className="text-sm text-slate-500">The sandbox takes a file by link: give its URL and MIME type (image/…, audio/…, video/…, anything else is a document).</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="File link" type="url" value={file.link} placeholder="https://example.com/receipt.pdf"
              errors={messagesAt(errors, ['media', 'link'])} onChange={(e) => setFile((f) => ({ ...f, link: e.target.value }))} />
            <TextField label="MIME type" value={file.mime_type} placeholder="application/pdf"
              errors={messagesAt(errors, ['media', 'mime_type'])} onChange={(e) => setFile((f) => ({ ...f, mime_type: e.target.value }))} />
            <TextField label="File name" value={file.filename} hint="Optional." errors={messagesAt(errors, ['media', 'filename'])}
              onChange={(e) => setFile((f) => ({ ...f, filename: e.target.value }))} />
            <TextField label="Caption" value={file.caption} hint="Optional." errors={messagesAt(errors, ['media', 'caption'])}
              onChange={(e) => setFile((f) => ({ ...f, caption: e.target.value }))} />
          </div>
          {Array.isArray(errors?.media) && <FormAlert messages={(errors.media as unknown[]).filter((m): m is string => typeof m === 'string')} />}
          <div className="flex justify-end"><Button type="submit" disabled={reply.isPending}>{reply.isPending ? 'Sending…' : 'Send file'}</Button></div>
        </form>
      )}
    </div>
  );
}
