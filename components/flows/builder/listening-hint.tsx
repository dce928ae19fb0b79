'use client';
import Link from 'next/link';
import { useFlowExecutions } from '@/lib/client/flows';

const LISTENING = ['PROCESSING', 'READY', 'RUNNING'];

/**
 * A published INBOUND flow answers messages only through an execution that listens for its
 * trigger: until one runs, the builder says so and links to where one is started.
 */
export function ListeningHint({ flowId }: { flowId: string }) {
  const executions = useFlowExecutions(flowId, 1);
  if (!executions.data || executions.data.results.some((e) => LISTENING.includes(e.status))) return null;
  return (
    <Link href={`/flows/${flowId}`} data-testid="not-listening"
      className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 hover:underline">
      Not listening yet: start an execution
    </Link>
  );
}
