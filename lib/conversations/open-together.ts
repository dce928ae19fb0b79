import { and, inArray, notInArray, sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { contacts, conversations } from '@/db/schema';
import { deferContactCount } from '@/lib/contacts/counter';
import { recordContactEvents } from '@/lib/contacts/events';
import { contactsByPhoneQuery, newContactRow } from '@/lib/contacts/write';
import { RaceLost } from '@/lib/sql/coalescer';
import { insertRowsFromJson } from '@/lib/sql/insert-json';
import { CLOSED_STATUSES, type ConversationRecord } from './open';

// The contact and open conversation of many messages at once, in a fixed number of statements,
// for messages stored together (inbound callbacks, template sends). The outcome is the one of
// handling them one after another: an unknown number becomes a contact (counted, contact.created
// recorded), a contact's open conversation is joined, or one is opened. The first message naming
// a contact or a conversation decides how it is created.
//
// Must run inside countedTransaction. Throws RaceLost when a concurrent writer got in between;
// the caller then rolls back and handles the messages one by one.

export type ConversationWant = {
  accountId: number;
  canonicalPhone: string;
  /** The number as written, stored on a new contact. */
  phone: string;
  firstName: string | null;
  contactSource: string;
  createdById: number | null;
  channelId: number;
  conversationSource: ConversationRecord['source'];
  conversationStatus: 'CREATED' | 'NEW';
};

export type Opened = { contactId: string; conversation: ConversationRecord };

const contactKey = (accountId: number, canonicalPhone: string) => `${accountId}:${canonicalPhone}`;

/** The contact and conversation of each want, in the same order. */
export async function openConversationsTogether(tx: Executor, wants: ConversationWant[]): Promise<Opened[]> {
  const byContact = new Map<string, ConversationWant>();
  for (const want of wants) {
    const key = contactKey(want.accountId, want.canonicalPhone);
    if (!byContact.has(key)) byContact.set(key, want);
  }
  const created = (await execRows<{ id: string; account_id: number }>(tx, sql`${insertRowsFromJson(contacts, [...byContact.values()].map((w) => newContactRow(
    { accountId: w.accountId, userId: w.createdById },
    { fields: { phone: w.phone, canonicalPhone: w.canonicalPhone, source: w.contactSource, firstName: w.firstName } },
  )))} on conflict (account_id, canonical_phone) do nothing returning id, account_id`)).map((c) => ({ id: c.id, accountId: c.account_id }));
  const accountIds = [...new Set(wants.map((w) => w.accountId))];
  const found = await execRows<{ id: string; account_id: number; canonical_phone: string }>(tx, contactsByPhoneQuery(
    [...byContact.values()].map((w) => ({ account_id: w.accountId, canonical_phone: w.canonicalPhone })),
  ));
  const contactId = new Map(found.map((c) => [contactKey(c.account_id, c.canonical_phone), c.id]));
  for (const key of byContact.keys()) if (!contactId.has(key)) throw new RaceLost('a contact vanished');
  for (const c of created) deferContactCount(tx, c.accountId, 1);

  // Each contact's open conversation, locked in contact order (as every batch locks them), or a new one.
  const open = await tx.select().from(conversations).where(and(
    inArray(conversations.contactId, [...byContact.keys()].map((key) => contactId.get(key)!)),
    notInArray(conversations.status, CLOSED_STATUSES),
  )).orderBy(conversations.contactId).for('update');
  const conversationOf = new Map(open.map((c) => [c.contactId, c]));
  const missing = [...byContact.entries()].filter(([key]) => !conversationOf.has(contactId.get(key)!));
  if (missing.length) {
    const opened = await tx.insert(conversations).values(missing.map(([key, w]) => ({
      accountId: w.accountId, contactId: contactId.get(key)!, channelId: w.channelId, source: w.conversationSource, status: w.conversationStatus,
    }))).onConflictDoNothing().returning();
    if (opened.length !== missing.length) throw new RaceLost('a conversation was opened meanwhile');
    for (const c of opened) conversationOf.set(c.contactId, c);
    await tx.execute(sql`update contacts set last_conversation = v.conversation
      from unnest(${sql.param(opened.map((c) => c.contactId))}::uuid[], ${sql.param(opened.map((c) => c.id))}::uuid[]) as v(contact, conversation)
      where contacts.id = v.contact`);
  }

  for (const accountId of accountIds) {
    const mine = created.filter((c) => c.accountId === accountId);
    if (mine.length) await recordContactEvents(tx, accountId, mine.map((c) => ({ id: c.id, type: 'contact.created' as const })));
  }
  return wants.map((w) => {
    const id = contactId.get(contactKey(w.accountId, w.canonicalPhone))!;
    return { contactId: id, conversation: conversationOf.get(id)! };
  });
}

/**
 * Records the messages' arrival on their conversations (all inbound, or all outbound): each takes
 * the time of its last message in the group, and `status` (when given) where it differs, as
 * touchConversation does one by one.
 */
export async function touchConversationsTogether(tx: Executor, inbound: boolean, touches: { conversationId: string; at: Date; status?: string }[]) {
  const last = new Map<string, (typeof touches)[number]>();
  for (const t of touches) last.set(t.conversationId, t);
  const rows = [...last.values()];
  if (!rows.length) return;
  const inboundOn = inbound ? sql`v.at::timestamptz` : sql`c.last_inbound_on`;
  await tx.execute(sql`update conversations c set last_message_on = v.at::timestamptz, last_inbound_on = ${inboundOn},
      status = coalesce(v.status::conversation_status, c.status), updated_on = now()
    from unnest(${sql.param(rows.map((r) => r.conversationId))}::uuid[], ${sql.param(rows.map((r) => r.at.toISOString()))}::text[],
      ${sql.param(rows.map((r) => r.status ?? null))}::text[]) as v(id, at, status)
    where c.id = v.id`);
}
