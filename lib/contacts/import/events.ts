import type { Executor } from '@/db';

// The one place where the contacts each import batch created and updated are known, inside the
// batch's transaction. The `contact.created` / `contact.updated` webhook events will be enqueued
// from here (same transaction, so an event exists exactly when its change committed).

export type ImportedBatch = { accountId: number; importId: string; created: string[]; updated: string[] };

export async function onContactsImported(_tx: Executor, _batch: ImportedBatch): Promise<void> {
  // Intentionally empty until webhooks exist.
}
