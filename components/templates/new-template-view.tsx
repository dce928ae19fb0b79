'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { AdminOnly } from '@/components/ui/admin-only';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField, TextArea, TextField } from '@/components/ui/text-field';
import { useChannels } from '@/lib/client/channels';
import type { DrfBody } from '@/lib/client/api-fetch';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { TEMPLATE_CATEGORIES, useCreateTemplate } from '@/lib/client/templates';
import type { TemplateCategory } from '@/lib/client/types';
import { preview } from './template-parts';
import { categoryLabel } from './template-status-badge';
import { TemplatePreview } from './template-preview';

const SHOWN = ['channel', 'name', 'language', 'category', 'components'] as const;

/**
 * The API's errors about the components, under the field each component came from: by position
 * for an error inside one (a button's text), by what it names for one about them all.
 */
function componentErrors(errors: DrfBody | null, types: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const node = errors?.components;
  if (!node) return out;
  const add = (type: string, messages: string[]) => { (out[type] ??= []).push(...messages); };
  if (!Array.isArray(node)) add('BODY', messagesAt(node, []));
  else node.forEach((item, i) => {
    if (typeof item === 'string') add(item.startsWith('Header:') ? 'HEADER' : 'BODY', [item]);
    else add(types[i] ?? 'BODY', messagesAt(item, []));
  });
  return out;
}

/** Name, language, category, header, body with {{n}} variables, footer and quick replies, previewed as typed. */
export function NewTemplateView() {
  const router = useRouter();
  const channels = useChannels();
  const create = useCreateTemplate();
  const usable = channels.data?.results.filter((c) => c.status !== 'INACTIVE') ?? [];
  const [v, setV] = useState({ channel: '', name: '', language: 'en', category: 'UTILITY' as TemplateCategory, header: '', body: '', footer: '', buttons: '' });
  const set = (key: keyof typeof v, value: string) => setV((s) => ({ ...s, [key]: value }));
  const channel = v.channel || String(usable[0]?.id ?? '');
  const components: object[] = [
    ...(v.header.trim() ? [{ type: 'HEADER', format: 'TEXT', text: v.header.trim() }] : []),
    { type: 'BODY', text: v.body },
    ...(v.footer.trim() ? [{ type: 'FOOTER', text: v.footer.trim() }] : []),
    ...(v.buttons.trim() ? [{ type: 'BUTTONS', buttons: v.buttons.split(',').map((t) => t.trim()).filter(Boolean).map((text) => ({ type: 'QUICK_REPLY', text })) }] : []),
  ];
  const errors = errorBody(create.error);
  const partErrors = componentErrors(errors, create.variables?.components.map((c) => (c as { type: string }).type) ?? []);
  const chosen = usable.find((c) => String(c.id) === channel);
  return (
    <>
      <PageHeader title="New template" back={<Link href="/templates" className="text-slate-500 hover:text-slate-900">← Templates</Link>}
        description="On a provider channel the template is sent for review; on the sandbox it is approved at once." />
      <AdminOnly what="create templates">
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <form noValidate className="space-y-6" onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ channel: Number(channel), name: v.name.trim(), language: v.language.trim(), category: v.category, components },
            { onSuccess: (t) => router.push(`/templates/${t.id}`) });
        }}>
          <FormAlert messages={topMessages(errors, SHOWN)} />
          <Card title="Template">
            <div className="grid gap-5 sm:grid-cols-2">
              <SelectField label="Channel" value={channel} errors={messagesAt(errors, ['channel'])} onChange={(e) => set('channel', e.target.value)}
                hint={chosen?.is_sandbox ? 'Sandbox: approved at once.' : chosen ? 'Submitted to the provider for review.' : undefined}>
                {usable.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </SelectField>
              <TextField label="Name" value={v.name} placeholder="order_ready" errors={messagesAt(errors, ['name'])}
                hint="Lowercase letters, digits and underscores." onChange={(e) => set('name', e.target.value)} />
              <TextField label="Language" value={v.language} errors={messagesAt(errors, ['language'])} hint='A code such as "en" or "pt_BR".'
                onChange={(e) => set('language', e.target.value)} />
              <SelectField label="Category" value={v.category} errors={messagesAt(errors, ['category'])} onChange={(e) => set('category', e.target.value)}>
                {TEMPLATE_CATEGORIES.map((c) => <option key={c} value={c}>{categoryLabel(c)}</option>)}
              </SelectField>
            </div>
          </Card>
          <Card title="Content">
            <div className="space-y-5">
              <TextField label="Header (optional)" value={v.header} maxLength={60} errors={partErrors.HEADER} onChange={(e) => set('header', e.target.value)} />
              <TextArea label="Body" rows={5} value={v.body} maxLength={1024} errors={partErrors.BODY}
                hint="Variables are {{1}}, {{2}} … in order; they are filled in when the template is sent." onChange={(e) => set('body', e.target.value)} />
              <TextField label="Footer (optional)" value={v.footer} maxLength={60} errors={partErrors.FOOTER} onChange={(e) => set('footer', e.target.value)} />
              <TextField label="Quick-reply buttons (optional)" value={v.buttons} errors={partErrors.BUTTONS}
                hint="Up to 10, separated by commas; at most 25 characters each." onChange={(e) => set('buttons', e.target.value)} />
            </div>
          </Card>
          <div className="flex justify-end gap-2">
            <Button type="submit" disabled={create.isPending || !channel}>{create.isPending ? 'Creating…' : 'Create template'}</Button>
          </div>
        </form>
        <div className="lg:sticky lg:top-8 lg:self-start">
          <h2 className="mb-2 text-sm font-semibold text-slate-900">Preview</h2>
          <TemplatePreview preview={preview(components, [])} />
        </div>
      </div>
      </AdminOnly>
    </>
  );
}
