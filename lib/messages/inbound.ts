import type { Db, Executor } from '@/db';
import { messages } from '@/db/schema';
import type { ChannelRecord } from '@/lib/channels/provider';
import { accountCountry } from '@/lib/contacts/account-country';
import { countedTransaction } from '@/lib/contacts/counter';
import { recordContactEvents } from '@/lib/contacts/events';
import { insertContact, lockContact } from '@/lib/contacts/write';
import { openConversation, touchConversation } from '@/lib/conversations/open';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import { describeError, type CloudChangeValue, type CloudInboundMessage, type CloudStatus, type CloudWebhookPayload } from './cloud-payload';
import { inboundFields } from './inbound-content';
import { Coalescer, coalescerFor } from '@/lib/sql/coalescer';
import { DUPLICATE, storeMessagesTogether, type InboundMessage } from './inbound-together';
import { applyStatus, type DeliveryStatus } from './status';

// The one inbound path: a Cloud API webhook payload (from the provider's signed callback, or built
// by the sandbox phone) becomes contacts, conversations, messages and status changes. Messages
// arriving together are stored in one transaction (inbound-together.ts), with the outcome each
// would have had alone; the same message delivered twice is stored once (unique provider id per
// channel), and a duplicate creates no contact or conversation.
// Changes addressed to another phone number id than the channel's are skipped.

const STATUSES = new Set<DeliveryStatus>(['sent', 'delivered', 'read', 'failed']);

export type InboundResult = { messageIds: string[]; duplicates: number; statuses: number; skipped: number };

function when(timestamp: string | undefined): Date {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
}

async function contactFor(tx: Executor, channel: ChannelRecord, canonicalPhone: string, phone: string, name: string | undefined) {
  const actor = { accountId: channel.accountId, userId: null };
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await lockContact(tx, channel.accountId, { canonicalPhone });
    if (existing) return existing;
    const created = await insertContact(tx, actor, {
      fields: { phone, canonicalPhone, source: 'INBOUND', firstName: name?.slice(0, 100) || null },
    });
    if (created) {
      await recordContactEvents(tx, channel.accountId, [{ id: created.id, type: 'contact.created' }]);
      return created;
    }
  }
  throw new Error('inbound contact upsert kept racing');
}

/** The stored form of one inbound message, or null when it has no id or an unusable number. */
async function parseMessage(db: Db, channel: ChannelRecord, value: CloudChangeValue, m: CloudInboundMessage): Promise<InboundMessage | null> {
  const digits = String(m.from ?? '').replace(/\D/g, '');
  const phone = canonicalizePhone(`+${digits}`, await accountCountry(db, channel.accountId));
  if (!m.id || !phone.ok) return null;
  return {
    channel, canonicalPhone: phone.e164, phone: `+${digits}`,
    name: value.contacts?.find((c) => c.wa_id === m.from)?.profile?.name ?? value.contacts?.[0]?.profile?.name ?? null,
    fields: inboundFields(m), at: when(m.timestamp), providerId: m.id.slice(0, 128),
    toNumber: value.metadata?.display_phone_number ? `+${value.metadata.display_phone_number.replace(/\D/g, '')}` : channel.channelId,
  };
}

/** One message in its own transaction: the path of a message stored alone. */
export async function storeMessage(db: Db, item: InboundMessage): Promise<string | typeof DUPLICATE> {
  const { channel, fields, at } = item;
  try {
    return await countedTransaction(db, async (tx) => {
      const contact = await contactFor(tx, channel, item.canonicalPhone, item.phone, item.name ?? undefined);
      const { conversation } = await openConversation(tx, {
        accountId: channel.accountId, contactId: contact.id, channelId: channel.id, source: 'INBOX', status: 'NEW',
      });
      const [row] = await tx.insert(messages).values({
        accountId: channel.accountId, conversationId: conversation.id, contactId: contact.id, channelId: channel.id,
        direction: 'INBOUND', source: 'INBOUND', status: 'received', msgType: fields.msgType, toNumber: item.toNumber,
        fromNumber: item.canonicalPhone, body: fields.body, content: fields.content, contentType: fields.contentType,
        location: fields.location, contactsPayload: fields.contactsPayload, timestamp: at, providerId: item.providerId,
      }).onConflictDoNothing().returning({ id: messages.id });
      if (!row) throw DUPLICATE;
      // The contact wrote: a conversation we opened (CREATED) now awaits an agent (NEW).
      await touchConversation(tx, conversation, at, { inbound: true, status: conversation.status === 'CREATED' ? 'NEW' : undefined });
      return row.id;
    });
  } catch (error) {
    if (error === DUPLICATE) return DUPLICATE;
    throw error;
  }
}

async function storeStatus(db: Db, channel: ChannelRecord, s: CloudStatus): Promise<boolean> {
  if (!s.id || !STATUSES.has(s.status as DeliveryStatus)) return false;
  const id = await db.transaction((tx) => applyStatus(tx, {
    channelId: channel.id, providerId: s.id, status: s.status as DeliveryStatus, at: when(s.timestamp), error: describeError(s.errors?.[0]),
  }));
  return id !== null;
}

type Outcome = string | typeof DUPLICATE;
const coalescers = new WeakMap<Db, Coalescer<InboundMessage, Outcome>>();

/** Messages arriving while others are being stored are stored together (lib/sql/coalescer.ts). */
function storeInbound(db: Db, item: InboundMessage): Promise<Outcome> {
  return coalescerFor(coalescers, db, () => new Coalescer<InboundMessage, Outcome>(
    'inbound', (items) => storeMessagesTogether(db, items), (one) => storeMessage(db, one),
  )).store(item);
}

export async function processWebhook(db: Db, channel: ChannelRecord, payload: CloudWebhookPayload): Promise<InboundResult> {
  const result: InboundResult = { messageIds: [], duplicates: 0, statuses: 0, skipped: 0 };
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      const value = change.value;
      if (!value) continue;
      // One app's callback URL receives the events of all its numbers: only this channel's number
      // is ours to store (a message for another number stored here would land on the wrong channel).
      if (value.metadata?.phone_number_id !== channel.channelId) {
        result.skipped += (value.messages?.length ?? 0) + (value.statuses?.length ?? 0);
        continue;
      }
      // The change's messages join those of other callbacks being stored at the same moment.
      const parsed = await Promise.all((value.messages ?? []).map((m) => parseMessage(db, channel, value, m)));
      const stored = await Promise.all(parsed.map((item) => (item ? storeInbound(db, item) : null)));
      for (const outcome of stored) {
        if (outcome === DUPLICATE) result.duplicates++;
        else if (outcome === null) result.skipped++;
        else result.messageIds.push(outcome);
      }
      for (const s of value.statuses ?? []) {
        if (await storeStatus(db, channel, s)) result.statuses++;
        else result.skipped++;
      }
    }
  }
  return result;
}
