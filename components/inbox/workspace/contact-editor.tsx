'use client';
import { useState } from 'react';
import { FieldErrors } from '@/components/ui/field-errors';
import { usePatchContact } from '@/lib/client/contacts';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import type { Contact } from '@/lib/client/types';

// The contact panel's in-place editing: every field, attribute, tag and note is saved the moment
// the agent commits it (Enter or leaving the field), sending only that change; errors show inline.

const small = 'w-full rounded border-0 bg-transparent px-1.5 py-1 text-sm text-slate-900 ring-1 ring-inset ring-slate-500 '
  + 'hover:ring-slate-500 focus:bg-white focus:ring-2 focus:ring-indigo-600 aria-[invalid=true]:ring-rose-400';

type Patch = ReturnType<typeof usePatchContact>;

function problems(patch: Patch, field: string): string[] {
  const body = errorBody(patch.error);
  return [...messagesAt(body, [field]), ...(field === 'non_field_errors' ? topMessages(body, []) : [])];
}

/**
 * A text that saves itself: Enter or blur sends it when it changed, Escape puts the saved value
 * back. A draft dropped, or put back to the saved value, takes its error with it (`onDiscard`).
 */
function InlineText({ label, value, onSave, onDiscard, errors, saving, placeholder }: {
  label: string; value: string; onSave: (v: string, saved: () => void) => void; onDiscard: () => void; errors: string[]; saving: boolean; placeholder?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? value;
  const discard = () => { setDraft(null); if (errors.length) onDiscard(); };
  // On success the saved value shows; on an error the draft stays beside its message.
  const commit = () => { if (draft !== null && draft.trim() !== value) onSave(draft.trim(), () => setDraft(null)); else discard(); };
  return (
    <div>
      <label className="block">
        <span className="text-xs text-slate-500">{label}</span>
        <input aria-label={label} value={shown} placeholder={placeholder ?? '—'} aria-invalid={errors.length ? true : undefined}
          className={small} disabled={saving}
          onChange={(e) => setDraft(e.target.value)} onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') { e.preventDefault(); e.currentTarget.blur(); }
            if (e.key === 'Escape') discard();
          }} />
      </label>
      <FieldErrors messages={errors} />
    </div>
  );
}

export function ContactEditor({ contact: c }: { contact: Contact }) {
  const fields = usePatchContact(c.id);
  const meta = usePatchContact(c.id);
  const tags = usePatchContact(c.id);
  const notes = usePatchContact(c.id);
  const [edited, setEdited] = useState('');
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  const [newTag, setNewTag] = useState('');
  const [note, setNote] = useState('');
  const save = (field: 'first_name' | 'last_name' | 'email') => (v: string, saved: () => void) => {
    setEdited(field);
    fields.mutate({ [field]: v || null }, { onSuccess: saved });
  };
  const fieldErrors = (f: string) => (edited === f ? problems(fields, f) : []);
  const forget = () => fields.reset();
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-x-2 gap-y-1">
        <InlineText label="First name" value={c.first_name ?? ''} onSave={save('first_name')} onDiscard={forget} errors={fieldErrors('first_name')} saving={fields.isPending} />
        <InlineText label="Last name" value={c.last_name ?? ''} onSave={save('last_name')} onDiscard={forget} errors={fieldErrors('last_name')} saving={fields.isPending} />
        <div className="col-span-2">
          <InlineText label="Email" value={c.email ?? ''} onSave={save('email')} onDiscard={forget} errors={fieldErrors('email')} saving={fields.isPending} />
        </div>
      </div>

      <section aria-label="Attributes">
        <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Attributes</h3>
        <ul className="mt-1 space-y-0.5">
          {Object.entries(c.meta).map(([k, v]) => (
            <li key={k} className="flex items-center gap-1">
              <span className="w-24 shrink-0 truncate text-xs text-slate-500" title={k}>{k}</span>
              <input aria-label={`Attribute ${k}`} defaultValue={String(v)} key={String(v)} className={small}
                onBlur={(e) => { if (e.target.value !== String(v)) meta.mutate({ meta: { [k]: e.target.value } }); }}
                onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); e.currentTarget.blur(); } }} />
              <button type="button" aria-label={`Remove attribute ${k}`} className="px-1 text-xs text-slate-500 hover:text-rose-700"
                onClick={() => meta.mutate({ meta: { [k]: null } })}>✕</button>
            </li>
          ))}
        </ul>
        <form className="mt-1 flex gap-1" onSubmit={(e) => {
          e.preventDefault();
          if (newKey.trim()) meta.mutate({ meta: { [newKey.trim()]: newValue } }, { onSuccess: () => { setNewKey(''); setNewValue(''); } });
        }}>
          <input aria-label="New attribute name" placeholder="name" value={newKey} onChange={(e) => setNewKey(e.target.value)} className={`${small} w-24`} />
          <input aria-label="New attribute value" placeholder="value" value={newValue} onChange={(e) => setNewValue(e.target.value)} className={small} />
          <button type="submit" className="rounded px-2 text-xs font-medium text-indigo-700 hover:bg-indigo-50">Add</button>
        </form>
        <FieldErrors messages={problems(meta, 'meta').concat(topMessages(errorBody(meta.error), ['meta']))} />
      </section>

      <section aria-label="Contact tags">
        <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Tags</h3>
        <ul className="mt-1 flex flex-wrap gap-1">
          {c.tags.map((t) => (
            <li key={t.name} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {t.name}
              <button type="button" aria-label={`Remove tag ${t.name}`} className="text-slate-500 hover:text-rose-700"
                onClick={() => tags.mutate({ tags: c.tags.filter((x) => x.name !== t.name).map((x) => ({ name: x.name })), overwrite_tags: true })}>✕</button>
            </li>
          ))}
        </ul>
        <form className="mt-1" onSubmit={(e) => {
          e.preventDefault();
          if (newTag.trim()) tags.mutate({ tags: [{ name: newTag.trim() }] }, { onSuccess: () => setNewTag('') });
        }}>
          <input aria-label="Add a contact tag" placeholder="Tag the contact, then Enter" value={newTag} onChange={(e) => setNewTag(e.target.value)}
            className={small} />
        </form>
        <FieldErrors messages={problems(tags, 'tags').concat(topMessages(errorBody(tags.error), ['tags']))} />
      </section>

      <section aria-label="Contact notes">
        <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Notes</h3>
        <form className="mt-1" onSubmit={(e) => {
          e.preventDefault();
          if (note.trim()) notes.mutate({ notes: note.trim() }, { onSuccess: () => setNote('') });
        }}>
          <input aria-label="Add a contact note" placeholder="Add a note and press Enter" value={note} onChange={(e) => setNote(e.target.value)}
            className={small} />
        </form>
        <FieldErrors messages={problems(notes, 'notes').concat(topMessages(errorBody(notes.error), ['notes']))} />
        <ul className="mt-1 space-y-1">
          {[...c.notes].sort((a, b) => String(b.created_on).localeCompare(String(a.created_on))).slice(0, 5).map((n) => (
            <li key={n.id} className="whitespace-pre-wrap break-words rounded bg-slate-50 p-1.5 text-xs text-slate-800">{n.notes}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
