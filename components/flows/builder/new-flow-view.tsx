'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { ApiRequestError } from '@/lib/client/api-fetch';
import { createDraftFlow } from '@/lib/client/flow-builder';
import { STARTER_TEMPLATES } from '@/lib/flows/starter-templates';

// A new flow: blank, from a starter template, or imported from an exported file; each opens in
// the builder as a draft.

// A new flow is OUTBOUND, which writes first: outside the 24-hour window only a template reaches the
// contact, so it starts with a TEMPLATE step (a MESSAGE first would be flagged at once).
const BLANK = { name: 'Untitled flow', steps: [{ ordering_idx: 0, step_type: 'TEMPLATE' }], layout: { 0: { x: 0, y: 0 } } };

function describe(error: unknown): string[] {
  if (error instanceof ApiRequestError) {
    const flat = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(flat) : v && typeof v === 'object' ? Object.entries(v).flatMap(([k, x]) => flat(x).map((m) => (k === 'detail' || k === 'non_field_errors' ? m : `${k}: ${m}`))) : []);
    return flat(error.body);
  }
  return [(error as Error).message];
}

export function NewFlowView() {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [text, setText] = useState('');

  const open = async (key: string, body: unknown) => {
    setBusy(key);
    setErrors([]);
    try {
      const flow = await createDraftFlow(body);
      router.push(`/flows/${flow.id}/builder`);
    } catch (error) {
      setErrors(describe(error));
      setBusy(null);
    }
  };
  const importText = (raw: string) => {
    let body: unknown;
    try { body = JSON.parse(raw); } catch { setErrors(['This is not JSON: paste the file Export gave, or choose it.']); return; }
    void open('import', body);
  };

  return (
    <>
      <PageHeader title="New flow" back={<Link href="/flows" className="text-indigo-700 hover:underline">← Flows</Link>}
        description="Start from a template or a blank canvas, or import an exported flow. It opens in the builder as a draft." />
      <FormAlert messages={errors} />
      <ul aria-label="Starter templates" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <li className="flex flex-col rounded-xl border border-dashed border-slate-300 bg-white p-5">
          <h2 className="text-sm font-semibold text-slate-900">Blank flow</h2>
          <p className="mt-1 flex-1 text-sm text-slate-600">A first template step to start from: an outbound flow writes first with a template.</p>
          <Button className="mt-4" variant="secondary" disabled={!!busy} onClick={() => open('blank', BLANK)}>{busy === 'blank' ? 'Creating…' : 'Start blank'}</Button>
        </li>
        {STARTER_TEMPLATES.map((t) => (
          <li key={t.key} className="flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <p className="text-[11px] font-semibold uppercase tracking-wide text-indigo-600">{String(t.body.execution_type ?? 'OUTBOUND').toLowerCase()} · {t.body.steps.length} steps</p>
            <h2 className="mt-1 text-sm font-semibold text-slate-900">{t.title}</h2>
            <p className="mt-1 flex-1 text-sm text-slate-600">{t.description}</p>
            <Button className="mt-4" disabled={!!busy} onClick={() => open(t.key, t.body)} aria-label={`Use template ${t.title}`}>{busy === t.key ? 'Creating…' : 'Use template'}</Button>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <Card title="Import a flow">
          <div className="space-y-3">
            <p className="text-sm text-slate-600">A file from the builder&apos;s Export (the <code className="font-mono">POST /api/flow</code> body), from this account or another.</p>
            <label className="block text-sm font-medium text-slate-700">
              Flow file
              <input type="file" accept="application/json,.json"
                className="mt-1 block text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100"
                onChange={async (e) => { const f = e.target.files?.[0]; if (f) importText(await f.text()); }} />
            </label>
            <label className="block text-sm font-medium text-slate-700">
              Or paste its JSON
              <textarea rows={4} value={text} onChange={(e) => setText(e.target.value)}
                className="mt-1 block w-full rounded-md border-0 px-3 py-2 font-mono text-xs shadow-sm ring-1 ring-inset ring-slate-500 focus:ring-2 focus:ring-indigo-600" />
            </label>
            <Button variant="secondary" disabled={!text.trim() || !!busy} onClick={() => importText(text)}>{busy === 'import' ? 'Importing…' : 'Import as draft'}</Button>
          </div>
        </Card>
      </div>
    </>
  );
}
