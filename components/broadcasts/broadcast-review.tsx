'use client';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { DetailRow } from '@/components/ui/detail-row';
import type { Preview } from '@/components/templates/template-parts';
import { TemplatePreview } from '@/components/templates/template-preview';
import type { ChatTemplate } from '@/lib/client/types';

const fmt = new Intl.NumberFormat('en-US');

export type ReviewSummary = {
  name: string;
  template: ChatTemplate;
  count: number;
  leftOut: number;
  duplicates: number;
  startOn: string | null;
  priority: boolean;
  tags: string[];
  source: string;
  noun: { one: string; many: string };
  preview: Preview;
  sampleLabel: string | null;
};

/** The confirm screen: what will be sent, to how many, and when; nothing is sent before "Send". */
export function BroadcastReview({ summary: s, pending, onBack, onSend }: {
  summary: ReviewSummary; pending: boolean; onBack: () => void; onSend: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const later = s.startOn !== null;
  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <div className="min-w-0 space-y-6 lg:col-span-3">
        <Card>
          <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {later ? 'Schedule' : 'Send'} <span className="font-mono">{s.template.name}</span> to{' '}
            <span data-testid="review-count" className="text-indigo-700">{fmt.format(s.count)}</span> {s.count === 1 ? 'recipient' : 'recipients'}
          </h2>
          <dl className="mt-4 divide-y divide-slate-100">
            <DetailRow label="Name">{s.name}</DetailRow>
            <DetailRow label="Template">
              <span className="font-mono">{s.template.name}</span>
              <span className="text-slate-500"> · {s.template.language} · {s.template.channel.name}</span>
            </DetailRow>
            <DetailRow label="Recipients">
              {fmt.format(s.count + s.duplicates)} {s.count + s.duplicates === 1 ? s.noun.one : s.noun.many} from {s.source}
              {s.leftOut > 0 && <span className="block text-amber-700">{fmt.format(s.leftOut)} {s.leftOut === 1 ? s.noun.one : s.noun.many} with problems left out</span>}
              {s.duplicates > 0 && <span className="block text-slate-500">{fmt.format(s.duplicates)} repeat an earlier phone number; each number gets one message</span>}
            </DetailRow>
            <DetailRow label="When">{later ? <DateTime value={s.startOn} zone /> : 'Now, as soon as you send'}</DetailRow>
            <DetailRow label="Priority">
              {s.priority ? 'Yes: contacts in a flow or talking with an agent get it too' : 'No: contacts in a flow or talking with an agent are skipped'}
            </DetailRow>
            <DetailRow label="Contact tags">{s.tags.length ? s.tags.join(', ') : <span className="text-slate-500">None</span>}</DetailRow>
          </dl>
          {s.template.channel.is_sandbox && (
            <p className="mt-4 rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-600">
              This template is on the sandbox channel: the messages go to the sandbox phone and never leave this service.
            </p>
          )}
        </Card>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onBack} disabled={pending}>Back to editing</Button>
          <Button onClick={onSend} disabled={pending}>
            {pending ? 'Creating…' : later ? `Schedule for ${fmt.format(s.count)}` : `Send to ${fmt.format(s.count)}`}
          </Button>
        </div>
      </div>
      <aside className="min-w-0 lg:col-span-2" aria-label="Preview">
        <Card title="Preview">
          <TemplatePreview preview={s.preview} />
          {s.sampleLabel && <p className="mt-3 text-xs text-slate-500">With the values of <b className="font-medium text-slate-700">{s.sampleLabel}</b>.</p>}
        </Card>
      </aside>
    </div>
  );
}
