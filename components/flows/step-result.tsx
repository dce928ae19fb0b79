'use client';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { DateTime } from '@/components/ui/date-time';
import { useMemberNames } from './step-references';

// What a step did for one contact (its `execution_result`), in words: the answer, the branch
// taken and why, the request's answer, the wait. Keys it does not know are shown as they are, and
// the whole result stays one click away as JSON.

type Condition = { field?: string; comparison?: string; value?: unknown; actual?: unknown; passed?: boolean };

const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '—' : JSON.stringify(v));
const list = (v: unknown) => (Array.isArray(v) && v.length ? v.map(text).join(', ') : '—');

const LABELS: Record<string, string> = {
  body: 'Message sent', variables: 'Template variables', options: 'Options offered', attempts: 'Attempts', answer: 'Answer',
  option: 'Option number', last_answer: 'Last answer', timed_out: 'Timed out', branch: 'Branch', until: 'Waits until',
  contact_tags: 'Contact tags', conversation_tags: 'Conversation tags', mode: 'Tags', fields: 'Contact fields set',
  meta: 'Contact attributes set', assigned: 'Assigned to', to: 'Goes to step', flow_execution: 'Started execution',
  status: 'Answered with status', duration_ms: 'Took', response: 'Response', conditions: 'Conditions',
};
// Shown elsewhere on the page (the messages) or only ids of no use to a reader.
const HIDDEN = new Set(['message', 'conversation', 'answered']);

export function StepResult({ result }: { result: Record<string, unknown> }) {
  const entries = Object.entries(result).filter(([k]) => !HIDDEN.has(k));
  if (!entries.length) return null;
  return (
    <div className="mt-2 text-xs">
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1">
        {entries.map(([key, value]) => (
          <div key={key} className="contents" data-result={key}>
            <dt className="text-slate-500">{LABELS[key] ?? key}</dt>
            <dd className="min-w-0 break-words text-slate-800">{valueOf(key, value)}</dd>
          </div>
        ))}
      </dl>
      <details className="mt-1">
        <summary className="cursor-pointer text-slate-500 hover:text-slate-700">As JSON</summary>
        <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 text-slate-700">{JSON.stringify(result, null, 2)}</pre>
      </details>
    </div>
  );
}

function valueOf(key: string, value: unknown): ReactNode {
  switch (key) {
    case 'variables': case 'options': case 'contact_tags': case 'conversation_tags':
      return list(value);
    case 'timed_out':
      return value ? 'yes: no answer came in time' : 'no';
    case 'mode':
      return value === 'REPLACE' ? 'replaced' : 'added';
    case 'until':
      return typeof value === 'string' ? <DateTime value={value} /> : text(value);
    case 'option':
      // Kept from 0; numbered from 1, as the contact saw the options.
      return typeof value === 'number' ? String(value + 1) : text(value);
    case 'to':
      return typeof value === 'number' ? `#${value}` : text(value);
    case 'duration_ms':
      return typeof value === 'number' ? `${value} ms` : text(value);
    case 'flow_execution':
      return typeof value === 'string' ? <Link href={`/flows/executions/${value}`} className="text-indigo-700 hover:underline">{value.slice(0, 8)}…</Link> : text(value);
    case 'assigned':
      return <MemberNames ids={Array.isArray(value) ? value.filter((x): x is number => typeof x === 'number') : []} />;
    case 'fields': case 'meta':
      return value && typeof value === 'object' && Object.keys(value).length
        ? Object.entries(value).map(([k, v]) => `${k} = ${text(v)}`).join(', ') : '—';
    case 'response':
      return typeof value === 'object' && value !== null
        ? <pre className="overflow-x-auto rounded bg-slate-50 p-1.5">{JSON.stringify(value, null, 2)}</pre> : text(value);
    case 'conditions':
      return Array.isArray(value) ? <Conditions checked={value as Condition[]} /> : text(value);
    default:
      return text(value);
  }
}

function Conditions({ checked }: { checked: Condition[] }) {
  if (!checked.length) return <>none: always true</>;
  return (
    <ul className="space-y-0.5">
      {checked.map((c, i) => (
        <li key={i} data-passed={c.passed ? 'yes' : 'no'}>
          <span className={c.passed ? 'text-emerald-700' : 'text-rose-700'}>{c.passed ? '✓' : '✗'}</span>{' '}
          <span className="font-mono">{c.field} {c.comparison} {text(c.value)}</span>
          <span className="text-slate-500"> (was {text(c.actual) || '""'})</span>
        </li>
      ))}
    </ul>
  );
}

function MemberNames({ ids }: { ids: number[] }) {
  const names = useMemberNames(ids);
  return <>{names.length ? names.join(', ') : 'nobody (the inbox)'}</>;
}
