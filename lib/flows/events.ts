import type { Executor } from '@/db';
import { interestedSubscriptions, recordEvents, type DomainEvent } from '@/lib/webhooks/record-events';
import type { WebhookEventType } from '@/lib/webhooks/validation';
import type { ContactStatus } from './contact-status';
import { getExecutionContact } from './execution-queries';

// The two webhook events of flows, recorded in the transaction of the change: `data` is the
// execution contact as `GET /api/flow-execution-contact/{id}` returns it. Built only when a
// subscription asks for the event.

async function record(tx: Executor, accountId: number, fecIds: string[], type: WebhookEventType) {
  if (!fecIds.length) return;
  const subscriptions = await interestedSubscriptions(tx, accountId);
  if (!subscriptions.some((s) => s.events.includes(type))) return;
  const events: DomainEvent[] = [];
  for (const id of fecIds) {
    const data = await getExecutionContact(tx, accountId, id);
    events.push({ type, resourceId: id, data: data as unknown as DomainEvent['data'] });
  }
  await recordEvents(tx, accountId, events, subscriptions);
}

/** Contacts that reached a final status: `flow_execution_contact.completed` for those that completed. */
export async function contactsFinished(tx: Executor, accountId: number, fecIds: string[], status: ContactStatus) {
  if (status === 'COMPLETED') await record(tx, accountId, fecIds, 'flow_execution_contact.completed');
}

export async function contactsStartedInbound(tx: Executor, accountId: number, fecIds: string[]) {
  await record(tx, accountId, fecIds, 'flow_execution_contact.running_inbound');
}
