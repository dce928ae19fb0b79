'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { useActionTest, useActionTests, type DraftStep } from '@/lib/client/flow-builder';
import { variableNames } from '@/lib/flows/variables';
import { Errors, Input } from './inputs';

// An ACTION's request sent from the panel before the flow runs: a value for each variable it uses,
// then its answer shown; the step keeps the trial's id (`action_test_response_data`), so later
// steps are offered the fields of the answer as variables.

const SHOWN_CHARS = 4000;

function usedVariables(step: DraftStep): string[] {
  const texts = [step.action_request_url ?? '', step.action_request_body ?? '',
    ...Object.values(step.action_request_params ?? {}), ...Object.values(step.action_request_headers ?? {})];
  return [...new Set(texts.flatMap(variableNames))];
}

/** `onTested`: keeps the trial's id on the step as the flow is when the answer comes (edits made meanwhile stay). */
export function ActionTestField({ step, onTested }: { step: DraftStep; onTested: (id: string) => void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const test = useActionTest((result) => onTested(result.id));
  const stored = useActionTests(step.action_test_response_data ? [step.action_test_response_data] : []);
  const shown = test.data?.id === step.action_test_response_data ? test.data : stored.get(step.action_test_response_data ?? '');
  const names = usedVariables(step);
  const send = () => test.mutate({
    action_request_method: step.action_request_method ?? 'GET', action_request_url: step.action_request_url ?? '',
    action_request_headers: step.action_request_headers ?? {}, action_request_params: step.action_request_params ?? {},
    action_request_body: step.action_request_body ?? '', test_values: Object.fromEntries(names.map((n) => [n, values[n] ?? ''])),
  });
  const text = shown ? (typeof shown.response === 'string' ? shown.response : JSON.stringify(shown.response, null, 2)) : '';
  return (
    <fieldset className="space-y-2 rounded-md bg-slate-50 p-2.5">
      <legend className="text-xs font-medium text-slate-700">Test the request</legend>
      {names.map((n) => (
        <Input key={n} label={`{{${n}}}`} value={values[n] ?? ''} placeholder="Test value" onChange={(v) => setValues({ ...values, [n]: v })} />
      ))}
      <Button variant="secondary" onClick={send} disabled={test.isPending || !step.action_request_url}>
        {test.isPending ? 'Sending…' : 'Send test request'}
      </Button>
      <Errors errors={test.error ? topMessages(errorBody(test.error), []) : []} />
      {shown && (
        <div data-testid="action-test-result" className="space-y-1">
          <p className={`break-words text-xs font-medium ${shown.status !== null && shown.status < 300 && !shown.error ? 'text-emerald-700' : 'text-rose-700'}`}>
            {shown.status === null ? 'No answer' : `HTTP ${shown.status}`} · {shown.duration_ms} ms{shown.error ? ` · ${shown.error}` : ''}
          </p>
          {text && <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-white p-2 font-mono text-[11px] text-slate-800 ring-1 ring-slate-200">{text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text}</pre>}
          {shown.response !== null && typeof shown.response === 'object' && (
            <p className="text-[11px] text-slate-500">Later steps are offered this answer&apos;s fields as variables.</p>
          )}
        </div>
      )}
    </fieldset>
  );
}
