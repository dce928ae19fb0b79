import type { Db } from '@/db';
import type { ChannelRecord } from '@/lib/channels/provider';
import { accountCountry } from '@/lib/contacts/account-country';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import { Coalescer, coalescerFor, GATHER_MS } from '@/lib/sql/coalescer';
import { describeError, readCloudPayload, type CloudChangeValue, type CloudInboundMessage, type CloudStatus, type CloudWebhookPayload } from './cloud-payload';
import { inboundFields } from './inbound-content';
import { DUPLICATE, storeInboundMessages, type InboundMessage } from './inbound-store';
import { applyStatuses, type DeliveryStatus, type StatusUpdate } from './status';
import { callbackClock, noteStatusArrival } from './status-arrivals';

// The one inbound path: a Cloud API webhook payload (from the provider's signed callback, or built
// by the sandbox phone) becomes contacts, conversations, messages and status changes. Messages
// arriving while others are being stored are stored with them, as one batch (inbound-store.ts);
// the same message delivered twice is stored once (unique provider id per channel).
// Changes addressed to another phone number id than the channel's are skipped.

const STATUSES = new Set<DeliveryStatus>(['sent', 'delivered', 'read', 'failed']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type InboundResult = { messageIds: string[]; duplicates: number; statuses: number; skipped: number };

// A provider's clock may run a little ahead of ours; a time further ahead is not believed (it would
// hold a conversation's 24-hour window open for as long).
const AHEAD_TOLERANCE_MS = 5 * 60_000;

function when(timestamp: string | undefined): Date {
  const ms = Number(timestamp) * 1000;
  const now = Date.now();
  return Number.isFinite(ms) && ms > 0 && ms <= now + AHEAD_TOLERANCE_MS ? new Date(ms) : new Date(now);
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

const statusCoalescers = new WeakMap<Db, Coalescer<StatusUpdate, string | null>>();

/** Statuses arriving while others are being applied are applied with them, in one transaction. */
async function storeStatus(db: Db, channel: ChannelRecord, s: CloudStatus): Promise<boolean> {
  if (!s.id || !STATUSES.has(s.status as DeliveryStatus)) return false;
  const id = await coalescerFor(statusCoalescers, db, () => new Coalescer<StatusUpdate, string | null>(
    'status', (updates) => db.transaction((tx) => applyStatuses(tx, updates)),
  )).store({
    channelId: channel.id, providerId: s.id, status: s.status as DeliveryStatus, at: when(s.timestamp), error: describeError(s.errors?.[0]),
    reference: typeof s.biz_opaque_callback_data === 'string' ? s.biz_opaque_callback_data : undefined,
  });
  return id !== null;
}

type Outcome = string | typeof DUPLICATE;
const coalescers = new WeakMap<Db, Coalescer<InboundMessage, Outcome>>();

// Each inbound batch costs the same statements whatever its size, and callbacks come one message
// each: under load, a batch waits a moment for the callbacks behind it (measured in bench/README.md).
function storeInbound(db: Db, item: InboundMessage): Promise<Outcome> {
  return coalescerFor(coalescers, db, () => new Coalescer<InboundMessage, Outcome>(
    'inbound', (items) => storeInboundMessages(db, items), { gatherMs: GATHER_MS },
  )).store(item);
}

/** `receivedAt`: when the provider's callback came in (callbackClock()), for a cut-short send's evidence. */
/** `body`: a Cloud API webhook payload (CloudWebhookPayload), of any shape: it is read leniently. */
export async function processWebhook(db: Db, channel: ChannelRecord, body: CloudWebhookPayload | unknown, receivedAt = callbackClock()): Promise<InboundResult> {
  const result: InboundResult = { messageIds: [], duplicates: 0, statuses: 0, skipped: 0 };
  const payload = readCloudPayload(body);
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
      // In the order given: a batch applies a message's statuses one after another (status.ts).
      for (const applied of await Promise.all((value.statuses ?? []).map((s) => storeStatus(db, channel, s)))) {
        if (applied) result.statuses++;
        else result.skipped++;
      }
      // After the statuses themselves: one naming a message cut short is applied before the
      // arrival that would let that message be sent again. Only statuses that carry our names
      // back count: a provider that leaves them out could never name a message cut short.
      const naming = (value.statuses ?? []).some((s) => typeof s.biz_opaque_callback_data === 'string' && UUID.test(s.biz_opaque_callback_data));
      if (naming && channel.channelProvider === 'PROVIDER_CLOUD_API') await noteStatusArrival(db, channel.id, receivedAt);
    }
  }
  return result;
}
