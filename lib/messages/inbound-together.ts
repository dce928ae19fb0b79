import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { messages } from '@/db/schema';
import type { ChannelRecord } from '@/lib/channels/provider';
import { countedTransaction } from '@/lib/contacts/counter';
import { openConversationsTogether, touchConversationsTogether } from '@/lib/conversations/open-together';
import { RaceLost } from '@/lib/sql/coalescer';
import { insertRowsFromJson } from '@/lib/sql/insert-json';
import { keyRows } from '@/lib/sql/key-probes';
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
    const opened = await openConversationsTogether(tx, fresh.map((item) => ({
      accountId: item.channel.accountId, canonicalPhone: item.canonicalPhone, phone: item.phone,
      firstName: item.name?.slice(0, 100) || null, contactSource: 'INBOUND', createdById: null,
      channelId: item.channel.id, conversationSource: 'INBOX' as const, conversationStatus: 'NEW' as const,
    })));
    const inserted = await execRows<{ id: string; channel_id: number; provider_id: string }>(tx, sql`${insertRowsFromJson(messages, fresh.map((item, i) => ({
      accountId: item.channel.accountId, conversationId: opened[i].conversation.id, contactId: opened[i].contactId,
      channelId: item.channel.id, direction: 'INBOUND' as const, source: 'INBOUND' as const, status: 'received' as const,
      msgType: item.fields.msgType, toNumber: item.toNumber, fromNumber: item.canonicalPhone, body: item.fields.body,
      content: item.fields.content, contentType: item.fields.contentType, location: item.fields.location,
      contactsPayload: item.fields.contactsPayload, timestamp: item.at, providerId: item.providerId,
    })))} on conflict do nothing returning id, channel_id, provider_id`);
    if (inserted.length !== fresh.length) throw new RaceLost('a message was stored meanwhile');
    // The contact wrote: a conversation we opened (CREATED) now awaits an agent (NEW).
    await touchConversationsTogether(tx, true, fresh.map((item, i) => ({
      conversationId: opened[i].conversation.id, at: item.at,
      status: opened[i].conversation.status === 'CREATED' ? 'NEW' : undefined,
    })));
    const idOf = new Map(inserted.map((m) => [messageKey(m.channel_id, m.provider_id), m.id]));
    return fresh.map((item) => idOf.get(messageKey(item.channel.id, item.providerId))!);
  });
  for (const [n, i] of freshIndex.entries()) results[i] = ids[n];
  return results;
}
