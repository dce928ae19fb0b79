'use client';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { errorBody, messagesAt, topMessages } from '@/lib/client/drf-errors';
import { useTryOnSandbox } from '@/lib/client/flows';
import type { Flow } from '@/lib/client/types';

// Try a flow on the sandbox phone: it runs for one number on the sandbox channel (nothing leaves
// the service), then the sandbox phone for that number answers it and the execution shows it.

const STORED = 'flows.sandbox-phone';

export function TryOnSandbox({ flow }: { flow: Flow }) {
  const [phone, setPhone] = useState('');
  // The last number tried, read after the first render so the server's and the browser's agree.
  useEffect(() => setPhone((p) => p || window.localStorage.getItem(STORED) || ''), []);
  const run = useTryOnSandbox(flow.id);
  const errors = errorBody(run.error);
  const started = run.data;
  return (
    <form aria-label="Try on the sandbox phone" className="space-y-3" onSubmit={(e) => {
      e.preventDefault();
      window.localStorage.setItem(STORED, phone.trim());
      run.mutate({ phone: phone.trim() });
    }}>
      <p className="text-sm text-slate-600">Runs this flow for one number on the sandbox channel; answer it from the sandbox phone.</p>
      <div className="flex flex-wrap items-end gap-2">
        <TextField className="min-w-40 flex-1" label="Sandbox phone number" type="tel" placeholder="+5255…" value={phone}
          onChange={(e) => { setPhone(e.target.value); run.reset(); }} errors={messagesAt(errors, ['phone']).concat(messagesAt(errors, ['contact_lists']))} />
        <Button type="submit" variant="secondary" disabled={run.isPending || !phone.trim()}>{run.isPending ? 'Starting…' : 'Try on sandbox'}</Button>
      </div>
      <FormAlert messages={topMessages(errors, ['phone', 'contact_lists'])} />
      {started && (
        <p role="status" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <span className="text-emerald-700">Started.</span>
          <Link href={`/sandbox?phone=${encodeURIComponent(phone.trim())}`} className="font-medium text-indigo-700 hover:underline">Open the sandbox phone →</Link>
          <Link href={`/flows/executions/${started.id}`} className="font-medium text-indigo-700 hover:underline">Follow the execution →</Link>
        </p>
      )}
    </form>
  );
}
