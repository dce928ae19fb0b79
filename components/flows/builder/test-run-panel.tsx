'use client';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ReplyForm } from '@/components/sandbox/reply-form';
import { PhoneThread } from '@/components/sandbox/phone-thread';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { ApiRequestError, apiFetch } from '@/lib/client/api-fetch';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { useTryDraft, type Problems } from '@/lib/client/flow-builder';
import { useTryOnSandbox } from '@/lib/client/flows';
import { useSandboxMessages } from '@/lib/client/messages';
import type { FlowExecutionContact, FlowExecutionContactDetail, Page } from '@/lib/client/types';
import { Input } from './inputs';

// A test run from the builder: the draft (without publishing it) or, when there is none, the
// published flow started for one sandbox number, the phone's conversation to answer from, and the
// contact's progress handed to the canvas to highlight.

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

const countProblems = (v: unknown): number => (typeof v === 'string' ? 1 : Array.isArray(v) ? v.reduce((n: number, x) => n + countProblems(x), 0)
  : v && typeof v === 'object' ? Object.values(v).reduce((n: number, x) => n + countProblems(x), 0) : 0);

export function TestRunPanel({ flowId, inbound, draft, prepare, onProblems, onProgress, onClose }: {
  flowId: string; inbound: boolean; draft: boolean;
  /** Saves what is still being saved, so that the draft tried is the one on screen. */
  prepare: () => Promise<void>; onProblems: (p: Problems) => void; onProgress: (p: TestProgress) => void; onClose: () => void;
}) {
  const [phone, setPhone] = useState(() => `+5255${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
  const [executionId, setExecutionId] = useState<string | null>(null);
  const run = useTryOnSandbox(flowId);
  const tryDraft = useTryDraft(flowId);
  const [preparing, setPreparing] = useState<string | null>(null);
  const progress = usePhoneProgress(executionId);
  const messages = useSandboxMessages(executionId ? phone : '');
  const detail = progress.data ?? null;
  // The canvas follows the contact as it moves.
  const shown = detail ? `${detail.id}:${detail.execution_steps.length}:${detail.status}:${detail.current_step_idx}:${detail.updated_on}` : '';
  useEffect(() => { onProgress(detail); }, [shown]);

  // The published version for this sandbox number alone, never on the flow's own channel or for everyone.
  const startPublished = () => run.mutate({ phone }, { onSuccess: (e) => setExecutionId(e.id) });
  const startDraft = async () => {
    setPreparing(null);
    try { await prepare(); } catch (error) { setPreparing((error as Error).message); return; }
    tryDraft.mutate({ phone }, {
      onSuccess: (e) => setExecutionId(e.id),
      onError: (error) => { if (error instanceof ApiRequestError && error.status === 400 && !('phone' in (error.body as object))) onProblems(error.body as Problems); },
    });
  };
  const failed = draft ? tryDraft.error : run.error;
  const refusedProblems = failed instanceof ApiRequestError && failed.status === 400 && !('phone' in (failed.body as object)) ? countProblems(failed.body) : 0;
  const pending = draft ? tryDraft.isPending : run.isPending;

  return (
    <section aria-label="Test run" className="flex h-full flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Test run</h2>
          <p className="text-xs text-slate-500">On the sandbox phone; the path taken lights up on the canvas.</p>
        </div>
        <button type="button" onClick={onClose} aria-label="Close test run" className="ml-auto rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700">✕</button>
      </header>
      <div className="flex-1 space-y-3 overflow-y-auto px-4 py-4">
        {!executionId ? (
          <>
            <p data-testid="test-run-mode" className={`rounded-md p-2.5 text-xs ${draft ? 'bg-amber-50 text-amber-900' : 'bg-slate-50 text-slate-700'}`}>
              {draft
                ? <>Tries the <strong>draft</strong> as it is now, without publishing it{inbound ? ': it starts for this number at once, as if it had written the trigger' : ''}.</>
                : <>Runs the <strong>published</strong> version for this sandbox number only{inbound ? ': it starts at once, as if the number had written the trigger' : ''}.</>}
            </p>
            <Input label="Sandbox phone number" value={phone} onChange={setPhone}
              hint={draft ? 'The draft writes to this number first.' : 'The flow writes to this number first.'} />
            {refusedProblems > 0 ? (
              <p role="alert" className="rounded-md bg-rose-50 p-2.5 text-xs text-rose-800">
                The draft has {refusedProblems} problem{refusedProblems > 1 ? 's' : ''} to fix before it can be tried; they are shown on the steps.
              </p>
            ) : <FormAlert messages={[...(preparing ? [preparing] : []), ...topMessages(errorBody(failed), [])]} />}
            <Button onClick={draft ? startDraft : startPublished} disabled={pending || !phone.trim()}>
              {pending ? 'Starting…' : draft ? 'Try the draft' : 'Start test run'}
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              <span className="font-mono">{phone}</span> ·{' '}
              <strong data-testid="test-run-status">{detail ? STATUS[detail.status] ?? detail.status : 'Starting…'}</strong>
              {detail?.waiting === 'ANSWER' && <span className="text-slate-500"> · waiting for an answer</span>}
            </p>
            {detail?.reason && (detail.status === 'FAILED' || detail.status === 'EXPIRED' || detail.status === 'CANCELED') && (
              <p data-testid="test-run-reason" className="text-xs text-rose-700">{detail.reason}</p>
            )}
            <div className="overflow-hidden rounded-lg ring-1 ring-slate-200">
              <PhoneThread messages={messages.data?.results ?? []} total={messages.data?.count ?? 0} />
              <div className="border-t border-slate-200 p-3"><ReplyForm phone={phone} messages={messages.data?.results ?? []} /></div>
            </div>
            <Button variant="secondary" onClick={() => { setExecutionId(null); onProgress(null); run.reset(); tryDraft.reset(); setPhone(`+5255${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`); }}>New test run</Button>
          </>
        )}
      </div>
    </section>
  );
}
