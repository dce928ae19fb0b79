import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { conversations, conversationSource, conversationStatus } from '@/db/schema';
import { concurrently } from '@/lib/sql/concurrently';
import { insertRowsFromJson } from '@/lib/sql/insert-json';
import { keyRows } from '@/lib/sql/key-probes';
import { recordsOf } from '@/lib/sql/records';

// A contact has at most one open conversation (a partial unique index enforces it). Sends and
// inbound messages join the open one, or open a new one: CREATED when we write first, NEW when the
// contact does. Every function takes a batch; one message is a batch of one.

export type ConversationRecord = typeof conversations.$inferSelect;
export type ConversationStatus = (typeof conversationStatus.enumValues)[number];
type Source = (typeof conversationSource.enumValues)[number];

export const CLOSED_STATUSES: ConversationStatus[] = ['RESOLVED', 'CLOSED'];

export type ConversationWant = {
  accountId: number;
  contactId: string;
  channelId: number | null;
  /** How a conversation opened here is marked; an open one is joined as it is. */
  source: Source;
  status: 'CREATED' | 'NEW';
  /** The contact was created in this transaction: it has no conversation to look for yet. */
  contactIsNew?: boolean;
};

export type Opened = { conversation: ConversationRecord; created: boolean };

// The statuses written out, not bound, so that a prepared statement's plan may use the partial
// unique index of open conversations.
const STILL_OPEN = sql.raw(`status not in (${CLOSED_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/**
 * These contacts' open conversations, locked in the order given, one probe of the contact's
 * conversations per key (lib/sql/key-probes.ts): filtered by account alongside, the lookup was
 * answered by reading every conversation of the account.
 */
export function openConversationsQuery(keys: { account_id: number; contact_id: string }[]): SQL {
  return sql`
    select c.* from ${keyRows({ account_id: 'int', contact_id: 'uuid' }, keys)},
    lateral (select * from conversations where contact_id = k.contact_id and ${STILL_OPEN} limit 1 for update) c
    where c.account_id = k.account_id`;
}

export async function lockOpenConversation(tx: Executor, accountId: number, contactId: string): Promise<ConversationRecord | null> {
  const [row] = await tx.select().from(conversations).where(and(
    eq(conversations.accountId, accountId), eq(conversations.contactId, contactId),
    notInArray(conversations.status, CLOSED_STATUSES),
  )).for('update').limit(1);
  return row ?? null;
}

/**
 * New conversations, inserted and linked as their contacts' last conversation in one statement
 * (a conversation already open for a contact is skipped). The contacts are named by key as well:
 * joined to the inserted rows alone, the planner cannot tell how few they are and reads the whole
 * contacts table.
 */
export function insertConversationsQuery(rows: { accountId: number; contactId: string; channelId: number | null; source: Source; status: ConversationStatus }[]): SQL {
  return sql`
    with opened as (${insertRowsFromJson(conversations, rows)} on conflict do nothing returning *),
    linked as (update contacts set last_conversation = o.id from opened o
      where contacts.id = any(${sql.param(rows.map((r) => r.contactId))}::uuid[]) and contacts.id = o.contact_id)
    select * from opened`;
}

/**
 * Each want's open conversation, locked (in contact order, as every batch locks them), or a new
 * one. The first want naming a contact decides how its conversation is opened.
 */
export async function openConversations(tx: Executor, wants: ConversationWant[]): Promise<Opened[]> {
  const byContact = new Map<string, ConversationWant>();
  for (const want of wants) if (!byContact.has(want.contactId)) byContact.set(want.contactId, want);
  const found = new Map<string, Opened>();
  const lookUp = async (ids: string[]) => (ids.length ? recordsOf(conversations, await execRows<Record<string, unknown>>(tx,
    openConversationsQuery(ids.map((id) => ({ account_id: byContact.get(id)!.accountId, contact_id: id }))))) : []);
  const insert = async (ids: string[]) => (ids.length ? recordsOf(conversations, await execRows<Record<string, unknown>>(tx, insertConversationsQuery(ids.map((id) => {
    const w = byContact.get(id)!;
    return { accountId: w.accountId, contactId: id, channelId: w.channelId, source: w.source, status: w.status };
  })))) : []);
  // A conversation another writer opens between our lookup and our insert is looked up again.
  for (let attempt = 0; found.size < byContact.size && attempt < 3; attempt++) {
    const missing = [...byContact.keys()].filter((id) => !found.has(id)).sort();
    // New contacts' conversations are opened at once, in the same round trip as the others' lookup.
    const unseen = attempt === 0 ? missing.filter((id) => byContact.get(id)!.contactIsNew) : [];
    const lookFor = missing.filter((id) => !unseen.includes(id));
    const [open, openedUnseen] = await concurrently(() => lookUp(lookFor), () => insert(unseen));
    for (const c of open) found.set(c.contactId, { conversation: c, created: false });
    for (const c of openedUnseen) found.set(c.contactId, { conversation: c, created: true });
    for (const c of await insert(lookFor.filter((id) => !found.has(id)))) found.set(c.contactId, { conversation: c, created: true });
  }
  if (found.size < byContact.size) throw new Error('opening conversations kept racing with concurrent writers');
  return wants.map((w, i) => {
    const opened = found.get(w.contactId)!;
    // Only the first want of a contact opened its conversation.
    const first = wants.findIndex((o) => o.contactId === w.contactId) === i;
    return { conversation: opened.conversation, created: opened.created && first };
  });
}

export type ConversationTouch = { conversationId: string; at: Date; status?: ConversationStatus };

/**
 * Records messages' arrival on their conversations (all inbound, or all outbound), for ordering
 * and the 24-hour window: each takes the time of its last message in the batch, and `status`
 * (when given) where it differs. Inbound messages count as unread until an agent reads or answers.
 */
export async function touchConversations(tx: Executor, inbound: boolean, touches: ConversationTouch[], { alongside }: {
  /** A statement run in the same round trip as the touch (the messages' insert). */
  alongside?: SQL;
} = {}) {
  const last = new Map<string, ConversationTouch>();
  const count = new Map<string, number>();
  for (const t of touches) {
    last.set(t.conversationId, t);
    count.set(t.conversationId, (count.get(t.conversationId) ?? 0) + 1);
  }
  const rows = [...last.values()];
  if (!rows.length) {
    if (alongside) await tx.execute(alongside);
    return;
  }
  const inboundOn = inbound ? sql`v.at::timestamptz` : sql`c.last_inbound_on`;
  const unread = inbound ? sql`c.unread_count + v.n` : sql`c.unread_count`;
  // A data-modifying WITH runs whether or not the update reads it; neither part reads the other's rows.
  const before = alongside ? sql`with alongside as (${alongside}) ` : sql``;
  await tx.execute(sql`${before}update conversations c set last_message_on = v.at::timestamptz, last_inbound_on = ${inboundOn},
      status = coalesce(v.status::conversation_status, c.status), unread_count = ${unread}, updated_on = now()
    from unnest(${sql.param(rows.map((r) => r.conversationId))}::uuid[], ${sql.param(rows.map((r) => r.at.toISOString()))}::text[],
      ${sql.param(rows.map((r) => r.status ?? null))}::text[], ${sql.param(rows.map((r) => count.get(r.conversationId)!))}::int[])
      as v(id, at, status, n)
    where c.id = v.id`);
}
