import { and, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db';
import { contacts, messages, messageStatus } from '@/db/schema';
import { messagesProgressed } from '@/lib/broadcasts/progress';
import { recordMessageEvents } from './events';

// The one code path that moves an outbound message through its delivery statuses: provider
// callbacks (cloud_api) and the sandbox's timer both land here. Statuses only move forward, so a
// late or repeated callback never undoes a later one (read is never undone by a late delivered);
// each status's timestamp is recorded once, even when it arrives after a later status.

export type MessageStatus = (typeof messageStatus.enumValues)[number];
export type DeliveryStatus = 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';

const RANK: Record<MessageStatus, number> = {
  new: 0, received: 0, queued: 1, accepted: 2, sent: 3, failed: 4, delivered: 5, read: 6,
};

const TIMESTAMP = {
  accepted: 'acceptedOn', sent: 'sentOn', delivered: 'deliveredOn', read: 'readOn', failed: 'failedOn',
} as const;

export type StatusUpdate = {
  channelId: number;
  providerId: string;
  status: DeliveryStatus;
  at: Date;
  error?: { code: string; message: string } | null;
  /** Our message id as the send gave it to the provider (`biz_opaque_callback_data`). */
  reference?: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type MessageRow = typeof messages.$inferSelect;

const byProvider = (channelId: number, providerId: string) => `${channelId}:${providerId}`;

/**
 * The messages the statuses are about, locked, in id order (two batches lock shared rows in the
 * same order): by the provider's id; else, by our reference, a message of the channel whose send
 * reached the provider but whose answer (and so the provider's id) we never read, because the
 * worker died in between (send-job.ts): the status tells us it was received (`recognised`).
 */
async function statusMessages(tx: Executor, updates: StatusUpdate[]) {
  const known = new Map<string, MessageRow>();
  const rows = await tx.select().from(messages)
    .where(and(inArray(messages.channelId, [...new Set(updates.map((u) => u.channelId))]),
      inArray(messages.providerId, [...new Set(updates.map((u) => u.providerId))])))
    .orderBy(messages.id).for('update');
  for (const m of rows) known.set(byProvider(m.channelId!, m.providerId!), m);
  const referenced = updates.filter((u) => !known.has(byProvider(u.channelId, u.providerId)) && u.reference && UUID.test(u.reference));
  const unanswered = new Map<string, MessageRow>();
  if (referenced.length) {
    const found = await tx.select().from(messages)
      // Claimed, or claimed once and released to be sent again (a status naming it then comes in
      // time to spare the second send); a message never claimed never reached the provider.
      .where(and(inArray(messages.id, [...new Set(referenced.map((u) => u.reference!))]),
        inArray(messages.channelId, [...new Set(referenced.map((u) => u.channelId))]), isNull(messages.providerId),
        eq(messages.direction, 'OUTBOUND'), or(isNotNull(messages.sendClaimedOn), gt(messages.failedAttempts, 0))))
      .orderBy(messages.id).for('update');
    for (const m of found) unanswered.set(m.id, m);
  }
  return updates.map((u) => {
    const message = known.get(byProvider(u.channelId, u.providerId));
    if (message) return { message, recognised: false };
    const candidate = u.reference ? unanswered.get(u.reference) : undefined;
    // A reference reaches only a message of the channel the status came for.
    return candidate && candidate.channelId === u.channelId ? { message: candidate, recognised: true } : { message: null, recognised: false };
  });
}

/** Changes the message as one status does; true when that moved its status (to anything but accepted). */
function afterStatus(message: MessageRow, update: StatusUpdate, recognised: boolean): boolean {
  let status: MessageStatus | undefined;
  if (recognised) {
    // Accepted after all, also over an "outcome unknown" failure written meanwhile.
    Object.assign(message, { providerId: update.providerId.slice(0, 128), acceptedOn: message.acceptedOn ?? update.at });
    if (message.status === 'queued' || message.status === 'failed') {
      Object.assign(message, { failedOn: null, providerErrorCode: null, providerErrorMessage: null });
      message.status = status = 'accepted';
    }
  }
  const column = TIMESTAMP[update.status];
  if (!message[column]) message[column] = update.at;
  if (RANK[update.status] > RANK[message.status]) message.status = status = update.status;
  if (update.status === 'failed' && update.error) {
    message.providerErrorCode = update.error.code.slice(0, 32);
    message.providerErrorMessage = update.error.message;
  }
  return status !== undefined && status !== 'accepted';
}

/** The columns a status may change (their SQL names and types come from the schema). */
const WRITTEN = ['status', 'providerId', 'acceptedOn', 'sentOn', 'deliveredOn', 'readOn', 'failedOn', 'providerErrorCode', 'providerErrorMessage'] as const;

const sameValue = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

/** The statuses' rounds: each message at most once per round, its statuses in the order given. */
function rounds(updates: StatusUpdate[]): number[] {
  const last = new Map<string, number>();
  return updates.map((u) => {
    const keys = [`p:${byProvider(u.channelId, u.providerId)}`, ...(u.reference ? [`r:${u.reference}`] : [])];
    const round = Math.max(-1, ...keys.map((k) => last.get(k) ?? -1)) + 1;
    for (const k of keys) last.set(k, round);
    return round;
  });
}

/** Applies one status; returns the message id, or null when no message has that provider id. */
export async function applyStatus(tx: Executor, update: StatusUpdate): Promise<string | null> {
  return (await applyStatuses(tx, [update]))[0];
}

/**
 * Applies statuses in a fixed number of statements per round (a message with several statuses in
 * the batch takes a round for each), giving what applying them one after another would give: each
 * status's message id, or null when no message has that provider id.
 */
export async function applyStatuses(tx: Executor, given: StatusUpdate[]): Promise<(string | null)[]> {
  // Our ids as the database writes them (a provider may send the reference back in capitals).
  const updates = given.map((u) => (u.reference ? { ...u, reference: u.reference.toLowerCase() } : u));
  const roundOf = rounds(updates);
  const results: (string | null)[] = new Array(updates.length).fill(null);
  for (let round = 0; round <= Math.max(-1, ...roundOf); round++) {
    const indexes = updates.flatMap((_, i) => (roundOf[i] === round ? [i] : []));
    const batch = indexes.map((i) => updates[i]);
    const found = await statusMessages(tx, batch);
    const before = new Map<string, Record<string, unknown>>();
    const moved: MessageRow[] = [];
    const reached = new Set<string>();
    const progress: { messageId: string; status: Exclude<DeliveryStatus, 'accepted'>; at: Date; reason?: string }[] = [];
    for (const [n, { message, recognised }] of found.entries()) {
      const update = batch[n];
      results[indexes[n]] = message?.id ?? null;
      if (!message || message.direction !== 'OUTBOUND') continue;
      if (!before.has(message.id)) before.set(message.id, Object.fromEntries(WRITTEN.map((key) => [key, message[key]])));
      if (afterStatus(message, update, recognised)) moved.push(message);
      // A message that reached the phone proves the number is a working chat number.
      if (update.status === 'delivered' || update.status === 'read') reached.add(message.contactId);
      const { status } = update;
      if (status !== 'accepted' && message.source === 'BROADCAST') {
        progress.push({ messageId: message.id, status, at: update.at, reason: update.error?.message });
      }
    }
    // Only the columns the statuses changed are written (the rows are locked: statusMessages).
    const changes = found.flatMap(({ message }) => {
      const was = message && before.get(message.id);
      if (!message || !was) return [];
      before.delete(message.id);
      const diff = Object.fromEntries(WRITTEN.filter((key) => !sameValue(was[key], message[key])).map((key) => [messages[key].name, message[key]]));
      return Object.keys(diff).length ? [{ ...diff, id: message.id }] : [];
    });
    if (changes.length) {
      const set = WRITTEN.map((key) => {
        const { name } = messages[key];
        return sql`${sql.identifier(name)} = case when x.j ? ${name} then ${sql.raw(`(x.j->>'${name}')::${messages[key].getSQLType()}`)} else m.${sql.identifier(name)} end`;
      });
      await tx.execute(sql`update messages m set ${sql.join(set, sql`, `)}
        from jsonb_array_elements(${JSON.stringify(changes)}::jsonb) as x(j) where m.id = (x.j->>'id')::uuid`);
    }
    await recordMessageEvents(tx, moved.map((m) => ({ accountId: m.accountId, id: m.id, type: 'message.status' as const })));
    if (reached.size) {
      await tx.update(contacts).set({ phoneStatus: 'VALID' })
        .where(and(inArray(contacts.id, [...reached]), ne(contacts.phoneStatus, 'VALID')));
    }
    await messagesProgressed(tx, progress);
  }
  return results;
}
