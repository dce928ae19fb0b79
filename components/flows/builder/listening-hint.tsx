'use client';
import Link from 'next/link';
import { useFlow, useListeningExecutions } from '@/lib/client/flows';

/**
 * A published INBOUND flow answers messages only while it is switched on and an execution of it
 * listens (RUNNING, as the engine reads them): the builder says which, and links to where one is
 * started.
 */
export function ListeningHint({ flowId }: { flowId: string }) {
  const flow = useFlow(flowId);
  const listening = useListeningExecutions(flowId);
  if (!flow.data || listening.data === undefined || flow.data.execution_type !== 'INBOUND') return null;
  if (flow.data.is_active && listening.data > 0) {
    return <span data-testid="listening" className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">Listening</span>;
  }
  return (
    <Link href={`/flows/${flowId}`} data-testid="not-listening"
      className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 hover:underline">
      {flow.data.is_active ? 'Not listening yet: start an execution' : 'Switched off: not listening'}
    </Link>
  );
}
