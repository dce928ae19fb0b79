import { and, inArray, notInArray, sql } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { contacts, conversations, messages } from '@/db/schema';
import type { ChannelRecord } from '@/lib/channels/provider';
import { countedTransaction, deferContactCount } from '@/lib/contacts/counter';
import { recordContactEvents } from '@/lib/contacts/events';
import { contactSearchText } from '@/lib/contacts/search-text';
import { CLOSED_STATUSES } from '@/lib/conversations/open';
import type { InboundFields } from './inbound-content';

// Inbound messages stored together: one transaction and a fixed number of statements for a whole
// group of messages (several callbacks arriving at once), where storing them one by one costs
// about seven round trips each. The result is what storing them one after another in the same
// order would give: contacts created for unknown numbers (counted, contact.created recorded), the
// open conversation joined or opened, the message stored once per provider id, and each
// conversation's last-message times taken from the group's last message in it.
//
// When the group cannot be stored exactly so (a concurrent writer got in between, see RaceLost)
// the transaction is rolled back and the caller stores each message on its own.

export const DUPLICATE = Symbol('duplicate message');

export type InboundMessage = {
  channel: ChannelRecord;
  canonicalPhone: string;
  /** The sender's number as written, `+<digits>`. */
  phone: string;
  name: string | null;
  fields: InboundFields;
  at: Date;
  providerId: string;
  toNumber: string;
};

/** Another transaction changed what this group read; storing message by message settles it. */
export class RaceLost extends Error {
  constructor(what: string) {
    super(`inbound group lost a race: ${what}`);
  }
}

const contactKey = (accountId: number, canonicalPhone: string) => `${accountId}:${canonicalPhone}`;
const messageKey = (channelId: number, providerId: string) => `${channelId}:${providerId}`;

async function knownMessageKeys(db: Db, items: InboundMessage[]): Promise<Set<string>> {
  const rows = await db.select({ channelId: messages.channelId, providerId: messages.providerId }).from(messages).where(and(
    inArray(messages.channelId, [...new Set(items.map((i) => i.channel.id))]),
    inArray(messages.providerId, [...new Set(items.map((i) => i.providerId))]),
  ));
  return new Set(rows.map((r) => messageKey(r.channelId!, r.providerId!)));
}

/** Each message's new id, or DUPLICATE for one already stored (or repeated within the group). */
export async function storeMessagesTogether(db: Db, items: InboundMessage[]): Promise<(string | typeof DUPLICATE)[]> {
  const known = await knownMessageKeys(db, items);
  const results: (string | typeof DUPLICATE)[] = [];
  const fresh: InboundMessage[] = [];
  const freshIndex: number[] = [];
  for (const [i, item] of items.entries()) {
    const key = messageKey(item.channel.id, item.providerId);
    if (known.has(key)) {
      results[i] = DUPLICATE;
      continue;
    }
    known.add(key); // a repeat later in the group is a duplicate of this one
    fresh.push(item);
    freshIndex.push(i);
  }
  if (!fresh.length) return results;

  const ids = await countedTransaction(db, async (tx) => {
    // Contacts: the unknown numbers are created (first_name from the first message naming them).
    const byContact = new Map<string, InboundMessage>();
    for (const item of fresh) {
      const key = contactKey(item.channel.accountId, item.canonicalPhone);
      if (!byContact.has(key)) byContact.set(key, item);
    }
    const created = await tx.insert(contacts).values([...byContact.values()].map((item) => ({
      accountId: item.channel.accountId, createdById: null, phone: item.phone, canonicalPhone: item.canonicalPhone,
      source: 'INBOUND' as const, firstName: item.name?.slice(0, 100) || null, meta: {},
      searchText: contactSearchText({ canonicalPhone: item.canonicalPhone, firstName: item.name?.slice(0, 100) || null }),
    }))).onConflictDoNothing({ target: [contacts.accountId, contacts.canonicalPhone] })
      .returning({ id: contacts.id, accountId: contacts.accountId });
    const accountIds = [...new Set(fresh.map((i) => i.channel.accountId))];
    const found = await tx.select({ id: contacts.id, accountId: contacts.accountId, canonicalPhone: contacts.canonicalPhone })
      .from(contacts).where(and(
        inArray(contacts.accountId, accountIds),
        inArray(contacts.canonicalPhone, [...new Set(fresh.map((i) => i.canonicalPhone))]),
      ));
    const contactId = new Map(found.map((c) => [contactKey(c.accountId, c.canonicalPhone), c.id]));
    for (const key of byContact.keys()) if (!contactId.has(key)) throw new RaceLost('a contact vanished');
    for (const c of created) deferContactCount(tx, c.accountId, 1);

    // Conversations: each contact's open one, locked in contact order, or a new one (NEW).
    const contactIds = [...new Set(byContact.keys())].map((key) => contactId.get(key)!);
    const open = await tx.select().from(conversations).where(and(
      inArray(conversations.contactId, contactIds), notInArray(conversations.status, CLOSED_STATUSES),
    )).orderBy(conversations.contactId).for('update');
    const conversationOf = new Map(open.map((c) => [c.contactId, c]));
    const missing = [...byContact.entries()].filter(([key]) => !conversationOf.has(contactId.get(key)!));
    if (missing.length) {
      const opened = await tx.insert(conversations).values(missing.map(([key, item]) => ({
        accountId: item.channel.accountId, contactId: contactId.get(key)!, channelId: item.channel.id, source: 'INBOX' as const, status: 'NEW' as const,
      }))).onConflictDoNothing().returning();
      if (opened.length !== missing.length) throw new RaceLost('a conversation was opened meanwhile');
      for (const c of opened) conversationOf.set(c.contactId, c);
      await tx.execute(sql`update contacts set last_conversation = v.conversation
        from unnest(${sql.param(opened.map((c) => c.contactId))}::uuid[], ${sql.param(opened.map((c) => c.id))}::uuid[]) as v(contact, conversation)
        where contacts.id = v.contact`);
    }

    // Messages, in the group's order.
    const conversationFor = (item: InboundMessage) => conversationOf.get(contactId.get(contactKey(item.channel.accountId, item.canonicalPhone))!)!;
    const inserted = await tx.insert(messages).values(fresh.map((item) => ({
      accountId: item.channel.accountId, conversationId: conversationFor(item).id,
      contactId: contactId.get(contactKey(item.channel.accountId, item.canonicalPhone))!, channelId: item.channel.id,
      direction: 'INBOUND' as const, source: 'INBOUND' as const, status: 'received' as const, msgType: item.fields.msgType,
      toNumber: item.toNumber, fromNumber: item.canonicalPhone, body: item.fields.body, content: item.fields.content,
      contentType: item.fields.contentType, location: item.fields.location, contactsPayload: item.fields.contactsPayload,
      timestamp: item.at, providerId: item.providerId,
    }))).onConflictDoNothing().returning({ id: messages.id, channelId: messages.channelId, providerId: messages.providerId });
    if (inserted.length !== fresh.length) throw new RaceLost('a message was stored meanwhile');
    const idOf = new Map(inserted.map((m) => [messageKey(m.channelId!, m.providerId!), m.id]));

    // Each conversation takes its last message's time; one we opened (CREATED) now awaits an agent.
    const lastAt = new Map<string, Date>();
    for (const item of fresh) lastAt.set(conversationFor(item).id, item.at);
    await execRows(tx, sql`update conversations c set last_message_on = v.at::timestamptz, last_inbound_on = v.at::timestamptz, updated_on = now(),
        status = case when c.status = 'CREATED' then 'NEW'::conversation_status else c.status end
      from unnest(${sql.param([...lastAt.keys()])}::uuid[], ${sql.param([...lastAt.values()].map((d) => d.toISOString()))}::text[]) as v(id, at)
      where c.id = v.id`);

    for (const accountId of accountIds) {
      const mine = created.filter((c) => c.accountId === accountId);
      if (mine.length) await recordContactEvents(tx, accountId, mine.map((c) => ({ id: c.id, type: 'contact.created' as const })));
    }
    return fresh.map((item) => idOf.get(messageKey(item.channel.id, item.providerId))!);
  });
  for (const [n, i] of freshIndex.entries()) results[i] = ids[n];
  return results;
}
