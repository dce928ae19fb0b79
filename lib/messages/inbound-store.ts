import { inArray, sql, type SQL } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';
import { conversationAssignees, messages } from '@/db/schema';
import type { ChannelRecord } from '@/lib/channels/provider';
import { contactsAnswered } from '@/lib/broadcasts/progress';
import { countedTransaction } from '@/lib/contacts/counter';
import { upsertContacts } from '@/lib/contacts/upsert';
import { accountSettings } from '@/lib/accounts/cached-settings';
import { replyAfterHours } from '@/lib/conversations/after-hours';
import { applyOptOutKeywords } from '@/lib/opt-out/inbound';
import { assignNewConversations } from '@/lib/conversations/assign-new';
import { recordConversationEvents, type ConversationEvent } from '@/lib/conversations/events';
import { openConversations, touchConversations } from '@/lib/conversations/open';
import { flowsSeeInbound } from '@/lib/flows/inbound';
import { recordMessageEvents } from './events';
import { insertRowsFromJson } from '@/lib/sql/insert-json';
import { interestedSubscriptionsSql, knownSubscriptions, type InterestedSubscription } from '@/lib/webhooks/record-events';
import { keyRows } from '@/lib/sql/key-probes';
import { concurrently } from '@/lib/sql/concurrently';
import type { InboundFields } from './inbound-content';

// The one way an inbound message is stored: a batch of messages (several callbacks arriving at
// once, or one) in one transaction and a fixed number of statements. The result is what storing
// them one after another in the same order would give: contacts created for unknown numbers
// (counted, contact.created recorded), the open conversation joined or opened, the message stored
// once per provider id (a duplicate creates no contact or conversation), and each conversation's
// last-message times taken from the batch's last message in it.

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

const messageKey = (channelId: number, providerId: string) => `${channelId}:${providerId}`;

/** The messages stored with these provider ids, one index probe each (lib/sql/key-probes.ts). */
export function storedMessagesQuery(keys: { channel_id: number; provider_id: string }[]): SQL {
  return sql`
    select m.channel_id, m.provider_id
    from ${keyRows({ channel_id: 'int', provider_id: 'varchar' }, keys)},
    lateral (select channel_id, provider_id from messages where channel_id = k.channel_id and provider_id = k.provider_id limit 1) m`;
}

async function knownMessageKeys(db: Db, items: InboundMessage[]): Promise<Set<string>> {
  const keys = new Map(items.map((i) => [messageKey(i.channel.id, i.providerId), { channel_id: i.channel.id, provider_id: i.providerId }]));
  const rows = await execRows<{ channel_id: number; provider_id: string }>(db, storedMessagesQuery([...keys.values()]));
  return new Set(rows.map((r) => messageKey(r.channel_id, r.provider_id)));
}

/** Raised inside the transaction when one of the batch's messages is stored already (by an earlier delivery, or another process meanwhile). */
class StoredMeanwhile extends Error {}

// A message written more than this long ago may be a redelivery (a provider sends a message again,
// with its first timestamp, when it took an earlier delivery for failed).
const REDELIVERY_AGE_MS = 60_000;

/**
 * Each message's new id, or DUPLICATE for one already stored (or repeated within the batch).
 * Only messages old enough to be redeliveries are looked for before the batch is stored; should
 * another be there already (two processes given the same message), the transaction is rolled back
 * and the batch stored again with every stored one set aside.
 */
export async function storeInboundMessages(db: Db, items: InboundMessage[]): Promise<(string | typeof DUPLICATE)[]> {
  for (let attempt = 0; ; attempt++) {
    const now = Date.now();
    const lookFor = attempt === 0 ? items.filter((item) => now - item.at.getTime() > REDELIVERY_AGE_MS) : items;
    try {
      return await storeOnce(db, items, lookFor.length ? await knownMessageKeys(db, lookFor) : new Set());
    } catch (error) {
      if (!(error instanceof StoredMeanwhile) || attempt >= 3) throw error;
    }
  }
}

/** Those of these conversations that nobody is assigned to. */
async function unassigned(tx: Executor, conversationIds: string[]): Promise<Set<string>> {
  const taken = await tx.select({ id: conversationAssignees.conversationId }).from(conversationAssignees)
    .where(inArray(conversationAssignees.conversationId, conversationIds));
  const takenIds = new Set(taken.map((t) => t.id));
  return new Set(conversationIds.filter((id) => !takenIds.has(id)));
}

async function storeOnce(db: Db, items: InboundMessage[], known: Set<string>): Promise<(string | typeof DUPLICATE)[]> {
  const results: (string | typeof DUPLICATE)[] = [];
  const fresh: InboundMessage[] = [];
  const freshIndex: number[] = [];
  for (const [i, item] of items.entries()) {
    const key = messageKey(item.channel.id, item.providerId);
    if (known.has(key)) {
      results[i] = DUPLICATE;
      continue;
    }
    known.add(key); // a repeat later in the batch is a duplicate of this one
    fresh.push(item);
    freshIndex.push(i);
  }
  if (!fresh.length) return results;

  const ids = await countedTransaction(db, async (tx) => {
    const contacts = await upsertContacts(tx, fresh.map((item) => ({
      actor: { accountId: item.channel.accountId, userId: null }, canonicalPhone: item.canonicalPhone, phone: item.phone,
      change: { fields: { source: 'INBOUND', firstName: item.name?.slice(0, 100) || null } }, onExisting: 'keep' as const,
    })));
    const opened = await openConversations(tx, fresh.map((item, i) => ({
      accountId: item.channel.accountId, contactId: contacts[i].id, channelId: item.channel.id, source: 'INBOX', status: 'NEW', contactIsNew: contacts[i].created,
    })));
    // The statement also reads each account's webhook subscriptions (once), which the events below need.
    const inserting = () => execRows<{ id: string; channel_id: number; provider_id: string; account_id: number; subscriptions: InterestedSubscription[] }>(tx, sql`
      with stored as (${insertRowsFromJson(messages, fresh.map((item, i) => ({
      accountId: item.channel.accountId, conversationId: opened[i].conversation.id, contactId: contacts[i].id,
      channelId: item.channel.id, direction: 'INBOUND' as const, source: 'INBOUND' as const, status: 'received' as const,
      msgType: item.fields.msgType, toNumber: item.toNumber, fromNumber: item.canonicalPhone, body: item.fields.body,
      content: item.fields.content, contentType: item.fields.contentType, location: item.fields.location,
      contactsPayload: item.fields.contactsPayload, timestamp: item.at, providerId: item.providerId,
    })))} on conflict do nothing returning id, channel_id, provider_id, account_id)
      , subscribed as (select a.account_id, ${interestedSubscriptionsSql(sql`a.account_id`)} as subscriptions from (select distinct account_id from stored) a)
      select stored.*, subscribed.subscriptions from stored join subscribed using (account_id)`);
    // What follows needs the messages stored, not the insert's answer: it goes out behind the insert
    // without waiting for it (a message stored meanwhile rolls all of it back below).
    const following = async () => {
      // A conversation the contact has just opened goes to its default assignees or the default team;
      // so does one we opened (a template, a broadcast) that nobody has taken, at the contact's first
      // reply: that reply is what the team is there for.
      const answered = fresh.flatMap((_, i) => (!opened[i].created && opened[i].conversation.status === 'CREATED' ? [opened[i].conversation.id] : []));
      const untaken = answered.length ? await unassigned(tx, answered) : new Set<string>();
      // Once per conversation, however many of its messages came in this batch.
      const toAssign = new Map(fresh.flatMap((item, i) => (opened[i].created || untaken.has(opened[i].conversation.id)
        ? [[opened[i].conversation.id, { accountId: item.channel.accountId, conversationId: opened[i].conversation.id, contactId: contacts[i].id }] as const] : [])));
      await assignNewConversations(tx, [...toAssign.values()]);
      const settings = await accountSettings(tx, fresh.map((item) => item.channel.accountId));
      const arrivals = fresh.map((item, i) => ({
        accountId: item.channel.accountId, channel: item.channel, conversation: opened[i].conversation,
        contact: { id: contacts[i].id, canonicalPhone: item.canonicalPhone }, at: item.at,
        body: item.fields.msgType === 'text' ? item.fields.body : null,
      }));
      await concurrently(
        // The contact wrote: a conversation we opened (CREATED) now awaits an agent (NEW).
        () => touchConversations(tx, true, fresh.map((item, i) => ({
          conversationId: opened[i].conversation.id, at: item.at,
          status: opened[i].conversation.status === 'CREATED' ? 'NEW' as const : undefined,
        }))),
        async () => {
          // STOP and its kin are answered by their own confirmation, and are no flow's answer or trigger.
          const { keywords, optingOut } = await applyOptOutKeywords(tx, arrivals, settings);
          await replyAfterHours(tx, arrivals.filter((_, i) => !keywords.has(i)), settings);
          await concurrently(
            // A reply after a broadcast's message counts as its answer (an opt-out does not).
            () => contactsAnswered(tx, fresh.flatMap((item, i) => (keywords.has(i) ? [] : [{ contactId: contacts[i].id, at: item.at }]))),
            // A contact in a flow: the flow reads the message; else an INBOUND flow may start.
            () => flowsSeeInbound(tx, fresh.flatMap((item, i) => (keywords.has(i) || optingOut.has(contacts[i].id) ? [] : [{
              accountId: item.channel.accountId, contactId: contacts[i].id, conversationId: opened[i].conversation.id,
              conversationStatus: opened[i].conversation.status, conversationCreated: opened[i].created,
              msgType: item.fields.msgType, body: item.fields.body,
            }]))),
          );
        },
      );
    };
    const [inserted] = await concurrently(inserting, following);
    if (inserted.length !== fresh.length) throw new StoredMeanwhile();
    for (const row of inserted) knownSubscriptions(tx, row.account_id, row.subscriptions);
    const idOf = new Map(inserted.map((m) => [messageKey(m.channel_id, m.provider_id), m.id]));
    const ids = fresh.map((item) => idOf.get(messageKey(item.channel.id, item.providerId))!);
    // Webhook events: the conversation opened (or moved from CREATED to NEW), then the message.
    const conversationEvents = new Map<number, ConversationEvent[]>();
    for (const [i, item] of fresh.entries()) {
      const { conversation, created } = opened[i];
      const type = created ? 'conversation.created' as const : conversation.status === 'CREATED' ? 'conversation.updated' as const : null;
      if (type) conversationEvents.set(item.channel.accountId, [...(conversationEvents.get(item.channel.accountId) ?? []), { id: conversation.id, type }]);
    }
    for (const [accountId, events] of conversationEvents) await recordConversationEvents(tx, accountId, events);
    await recordMessageEvents(tx, fresh.map((item, i) => ({ accountId: item.channel.accountId, id: ids[i], type: 'message.received' as const })));
    return ids;
  });
  for (const [n, i] of freshIndex.entries()) results[i] = ids[n];
  return results;
}
