'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { TextArea, TextField } from '@/components/ui/text-field';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useDeleteQuickReply, useQuickReplies, useSaveQuickReply, type QuickReplyValues } from '@/lib/client/quick-replies';
import type { QuickReply } from '@/lib/client/types';
import { useDebouncedValue } from '@/lib/client/use-debounced-value';
import { ConfirmButton } from '@/components/ui/confirm-button';

const VARIABLES_HINT = 'Variables are filled when the snippet is inserted: {{contact.first_name}}, {{contact.last_name}}, '
  + '{{contact.phone}}, {{contact.email}}, any attribute as {{contact.<key>}}, and {{agent.first_name}}; '
  + '{{contact.first_name | there}} writes "there" when the contact has no first name.';

/** The account's quick replies: saved snippets every agent inserts in the inbox by typing `/`. */
export function QuickRepliesView() {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 250);
  const list = useQuickReplies(term, 200);
  const [editing, setEditing] = useState<QuickReply | 'new' | null>(null);
  const remove = useDeleteQuickReply();
  return (
    <>
      <PageHeader title="Quick replies" description="Saved answers for the inbox: type / in the reply box to search and insert one."
        actions={!editing ? <Button onClick={() => setEditing('new')}>New quick reply</Button> : undefined} />
      <div className="space-y-6">
        {editing && <QuickReplyForm key={editing === 'new' ? 'new' : editing.id} reply={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
        <FormAlert messages={topMessages(errorBody(remove.error), [])} />
        <SearchInput id="quick-reply-search" value={search} onChange={setSearch} label="Search quick replies" placeholder="Search shortcut or text" className="max-w-sm" />
        {list.isPending ? <LoadingState /> : list.isError ? <ErrorState error={list.error} onRetry={() => list.refetch()} /> : list.data.results.length === 0 ? (
          <Card><EmptyState title={term ? 'No quick reply matches' : 'No quick replies yet'}>{term ? null : 'Create one for the answers your team types again and again.'}</EmptyState></Card>
        ) : (
          <Card flush>
            <ul aria-label="Quick replies" className="divide-y divide-slate-100">
              {list.data.results.map((r) => (
                <li key={r.id} className="flex items-start gap-4 px-4 py-3">
                  <span className="w-40 shrink-0 font-mono text-sm font-medium text-indigo-700">/{r.shortcut}</span>
                  <p className="min-w-0 flex-1 whitespace-pre-wrap break-words text-sm text-slate-800">{r.body}</p>
                  <span className="flex shrink-0 gap-1">
                    <Button variant="ghost" onClick={() => setEditing(r)} aria-label={`Edit /${r.shortcut}`}>Edit</Button>
                    <ConfirmButton variant="ghost" disabled={remove.isPending} ariaLabel={`Delete /${r.shortcut}`} title={`Delete the quick reply /${r.shortcut}?`}
                      confirmLabel="Delete quick reply" onConfirm={() => remove.mutate(r.id)}>Delete</ConfirmButton>
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </>
  );
}

function QuickReplyForm({ reply, onDone }: { reply: QuickReply | null; onDone: () => void }) {
  const save = useSaveQuickReply();
  const [values, setValues] = useState<QuickReplyValues>({ shortcut: reply?.shortcut ?? '', body: reply?.body ?? '' });
  const errors = errorBody(save.error);
  return (
    <Card title={reply ? `Edit /${reply.shortcut}` : 'New quick reply'}>
      <form noValidate className="space-y-4" onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ ...values, id: reply?.id }, { onSuccess: onDone });
      }}>
        <FormAlert messages={topMessages(errors, ['shortcut', 'body'])} />
        <TextField label="Shortcut" value={values.shortcut} maxLength={64} errors={messagesAt(errors, ['shortcut'])}
          hint="Typed after / in the reply box: letters, digits, - and _." className="max-w-xs"
          onChange={(e) => setValues((v) => ({ ...v, shortcut: e.target.value.replace(/^\//, '') }))} />
        <TextArea label="Text" rows={4} value={values.body} maxLength={4096} errors={messagesAt(errors, ['body'])} hint={VARIABLES_HINT}
          onChange={(e) => setValues((v) => ({ ...v, body: e.target.value }))} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
          <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving…' : reply ? 'Save quick reply' : 'Create quick reply'}</Button>
        </div>
      </form>
    </Card>
  );
}
