import { Badge } from '@/components/ui/badge';

// Status badges of executions and execution contacts.

type Tone = 'gray' | 'green' | 'red' | 'indigo' | 'amber';

const EXECUTION: Record<string, [Tone, string]> = {
  PROCESSING: ['gray', 'Preparing'], READY: ['amber', 'Scheduled'], RUNNING: ['indigo', 'Running'], PAUSED: ['amber', 'Paused'],
  COMPLETED: ['green', 'Completed'], CANCELED: ['gray', 'Canceled'],
};
const CONTACT: Record<string, [Tone, string]> = {
  READY: ['gray', 'Ready'], RUNNING: ['indigo', 'Running'], PAUSED: ['amber', 'Paused'], COMPLETED: ['green', 'Completed'],
  EXPIRED: ['amber', 'Expired'], FAILED: ['red', 'Failed'], CANCELED: ['gray', 'Canceled'],
};
const STEP: Record<string, [Tone, string]> = {
  WAITING_TO_START: ['gray', 'Waiting'], RUNNING: ['indigo', 'Waiting for the contact'], COMPLETED: ['green', 'Done'], FAILED: ['red', 'Failed'],
  EXPIRED: ['amber', 'Timed out'], CANCELED: ['gray', 'Canceled'],
};

export const CONTACT_STATUSES = Object.keys(CONTACT);
export const contactStatusLabel = (s: string) => CONTACT[s]?.[1] ?? s;

export function ExecutionStatusBadge({ status }: { status: string }) {
  const [tone, label] = EXECUTION[status] ?? ['gray', status];
  return <Badge tone={tone}>{label}</Badge>;
}

export function ContactStatusBadge({ status }: { status: string }) {
  const [tone, label] = CONTACT[status] ?? ['gray', status];
  return <Badge tone={tone}>{label}</Badge>;
}

export function StepStatusBadge({ status }: { status: string }) {
  const [tone, label] = STEP[status] ?? ['gray', status];
  return <Badge tone={tone}>{label}</Badge>;
}
