'use client';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ReplyForm } from '@/components/sandbox/reply-form';
import { PhoneThread } from '@/components/sandbox/phone-thread';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { apiFetch } from '@/lib/client/api-fetch';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { useRunFlow } from '@/lib/client/flows';
import { useSandboxMessages } from '@/lib/client/messages';
import type { FlowExecutionContact, FlowExecutionContactDetail, Page } from '@/lib/client/types';
import { Input } from './inputs';

// A test run from the builder: the published flow started for one sandbox number, the phone's
// conversation to answer from, and the contact's progress handed to the canvas to highlight.

const LIVE_MS = 1500;

export type TestProgress = FlowExecutionContactDetail | null;

function usePhoneProgress(executionId: string | null) {
  const contacts = useQuery({
    queryKey: ['flows', 'test-run', executionId, 'contacts'], enabled: !!executionId,
    queryFn: ({ signal }) => apiFetch<Page<FlowExecutionContact>>(`/api/flow-execution-contact?flow_execution=${executionId}&page_size=1`, { signal }),
    refetchInterval: (q) => (q.state.data?.results.length ? false : LIVE_MS),
  });
  const contactId = contacts.data?.results[0]?.id ?? null;
  return useQuery({
    queryKey: ['flows', 'test-run', contactId], enabled: !!contactId,
    queryFn: ({ signal }) => apiFetch<FlowExecutionContactDetail>(`/api/flow-execution-contact/${contactId}`, { signal }),
    refetchInterval: (q) => (q.state.data && !q.state.data.is_active ? false : LIVE_MS),
  });
}

const STATUS: Record<string, string> = {
  READY: 'Starting…', RUNNING: 'In the flow', PAUSED: 'Paused', COMPLETED: 'Completed', EXPIRED: 'Expired', FAILED: 'Failed', CANCELED: 'Canceled',
};

export function TestRunPanel({ flowId, inbound, published, trigger, startMessage, onProgress, onClose }: {
  flowId: string; inbound: boolean; published: boolean; trigger: string | null; startMessage: string; onProgress: (p: TestProgress) => void; onClose: () => void;
}) {
  const [phone, setPhone] = useState(() => `+5255${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
  const [executionId, setExecutionId] = useState<string | null>(null);
  const run = useRunFlow(flowId);
  const progress = usePhoneProgress(executionId);
  const messages = useSandboxMessages(executionId ? phone : '');
  const detail = progress.data ?? null;
  // The canvas follows the contact as it moves.
  const shown = detail ? `${detail.id}:${detail.execution_steps.length}:${detail.status}:${detail.current_step_idx}:${detail.updated_on}` : '';
  useEffect(() => { onProgress(detail); }, [shown]);

  const start = () => run.mutate(inbound
    ? { execute_for: 'ALL', inbound_trigger_with: trigger ?? 'ANY_MESSAGE', inbound_start_message: startMessage || null, flow_execution_variables: {}, start_on: null, has_priority: true }
    : { execute_for: 'LIST', contact_lists: [{ source: 'LIST', contact_list: [{ phone }] }], flow_execution_variables: {}, start_on: null, has_priority: true },
  { onSuccess: (e) => setExecutionId(e.id) });

  return (
    <section aria-label="Test run" className="flex h-full flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Test run</h2>
          <p className="text-xs text-slate-500">On the sandbox phone; the path taken lights up on the canvas.</p>
        </div>
        <button type="button" onClick={onClose} aria-label="Close test run" className="ml-auto rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700">✕</button>
      </header>
      <div className="flex-1 space-y-3 overflow-y-auto px-4 py-4">
        {!published ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">A test run runs the published version: publish the draft first.</p>
        ) : !executionId ? (
          <>
            <Input label="Sandbox phone number" value={phone} onChange={setPhone} hint={inbound ? `This inbound flow starts when the phone writes${startMessage ? ` “${startMessage}”` : ''}.` : 'The flow writes to this number first.'} />
            <FormAlert messages={topMessages(errorBody(run.error), [])} />
            <Button onClick={start} disabled={run.isPending || !phone.trim()}>{run.isPending ? 'Starting…' : 'Start test run'}</Button>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              <span className="font-mono">{phone}</span> ·{' '}
              <strong data-testid="test-run-status">{detail ? STATUS[detail.status] ?? detail.status : inbound ? 'Listening: write from the phone' : 'Starting…'}</strong>
              {detail?.waiting === 'ANSWER' && <span className="text-slate-500"> · waiting for an answer</span>}
            </p>
            <div className="overflow-hidden rounded-lg ring-1 ring-slate-200">
              <PhoneThread messages={messages.data?.results ?? []} total={messages.data?.count ?? 0} />
              <div className="border-t border-slate-200 p-3"><ReplyForm phone={phone} messages={messages.data?.results ?? []} /></div>
            </div>
            <Button variant="secondary" onClick={() => { setExecutionId(null); onProgress(null); run.reset(); setPhone(`+5255${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`); }}>New test run</Button>
          </>
        )}
      </div>
    </section>
  );
}
