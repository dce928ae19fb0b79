import { sql } from 'drizzle-orm';
import type { Executor } from '@/db';
import { interestedSubscriptions, recordEvents } from '@/lib/webhooks/record-events';
import type { WebhookEventType } from '@/lib/webhooks/validation';
import { selectContacts } from './queries';

export type ContactChange = { id: string; type: Extract<WebhookEventType, `contact.${string}`> };

/** A change that deletes the contact is reported as contact.deleted, any other as contact.updated. */
export function changeType(wasDeleted: boolean, isDeleted: boolean) {
  return !wasDeleted && isDeleted ? 'contact.deleted' as const : 'contact.updated' as const;
}

/**
 * Records contact.created/updated/deleted for changes made in `tx`, carrying each contact exactly
 * as the API serializes it. Every path that changes contacts calls this inside its transaction
 * (API, dashboard, CSV import). Nothing is loaded when no active subscription wants the events.
 */
export async function recordContactEvents(tx: Executor, accountId: number, changes: ContactChange[]): Promise<void> {
  if (!changes.length) return;
  const subscriptions = await interestedSubscriptions(tx, accountId);
  const wanted = changes.filter((c) => subscriptions.some((s) => s.events.includes(c.type)));
  if (!wanted.length) return;
  const serialized = await selectContacts(tx, accountId, sql`c.id = any(${sql.param(wanted.map((c) => c.id))}::uuid[])`);
  const byId = new Map(serialized.map((contact) => [contact.id, contact]));
  await recordEvents(tx, accountId, wanted.filter((c) => byId.has(c.id))
    .map((c) => ({ type: c.type, resourceId: c.id, data: byId.get(c.id) })), subscriptions);
}
